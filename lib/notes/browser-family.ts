import Bowser from "bowser";
import { makeRoom } from "../process/bounded-memory";

// The browsers bowser knows by name. For any other User-Agent it falls back to the first product
// token ("Anything/1.0 …"), which the reader chooses: the log keeps only names from this list.
const knownBrowsers = new Set(Object.values(Bowser.BROWSER_MAP));

// Tools that read notes from a terminal or a script: they name themselves first in User-Agent, and
// no browser parser knows them. Anything else is "other".
const commandLineClients: [RegExp, string][] = [
  [/^curl\//, "curl"],
  [/^Wget\//i, "Wget"],
];

// Parsing a User-Agent is a noticeable part of a read's CPU, and a note's readers send a few
// User-Agents over and over: the last 1,000 (of up to 512 characters: at most 0.5 MB) and their
// families are remembered here, the first remembered forgotten first.
const recent = new Map<string, string>();
const maxRemembered = 1000;
const maxRememberedLength = 512;

/**
 * The browser a User-Agent names ("Chrome", "Firefox", "Safari", "Microsoft Edge"…), or a known
 * command-line client, or "other"; null without the header. Browsers are named by bowser, whose
 * patterns are kept current by its maintainers (headless Chromium says "HeadlessChrome … Safari/",
 * which a hand-written list once took for Safari).
 */
export function browserFamily(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const known = recent.get(userAgent);
  if (known !== undefined) return known;
  const family = familyOf(userAgent);
  if (userAgent.length <= maxRememberedLength) {
    makeRoom(recent, maxRemembered);
    recent.set(userAgent, family);
  }
  return family;
}

function familyOf(userAgent: string): string {
  const browser = Bowser.getParser(userAgent).getBrowserName();
  if (knownBrowsers.has(browser)) return browser;
  return commandLineClients.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "other";
}
