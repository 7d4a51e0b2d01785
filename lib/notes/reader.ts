import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { getPrisma } from "../db";
import type { Reader } from "./note-event-sql";

// What the access log keeps of who read a note: enough for its owner to tell "the same reader twice"
// from "two readers", and a browser from a script, without tracking anyone. The fingerprint is 8 hex
// digits of an HMAC of the note's id and the client's address (as rate limits see it: an IPv6 /64)
// under a random salt of the day; the salt is shared by every server process through the database
// and deleted by the cleanup the day after, so a fingerprint links reads of one note on one day only,
// and no one, the operator included, can turn it back into an address.

const day = (date: Date) => date.toISOString().slice(0, 10);

let cached: { day: string; salt: Promise<string> } | undefined;

async function loadSalt(today: string): Promise<string> {
  const prisma = await getPrisma();
  const date = new Date(`${today}T00:00:00Z`);
  const salt = randomBytes(32).toString("base64url");
  // The first process of the day stores its salt; every process then uses the stored one.
  await prisma.clientSalt.createMany({ data: [{ day: date, salt }], skipDuplicates: true });
  return (await prisma.clientSalt.findUniqueOrThrow({ where: { day: date } })).salt;
}

function saltOfToday(): Promise<string> {
  const today = day(new Date());
  if (cached?.day !== today) {
    const salt = loadSalt(today);
    cached = { day: today, salt };
    salt.catch(() => (cached = undefined));
  }
  return cached.salt;
}

/** The browser family a User-Agent names, or null; never the header itself. */
export function browserFamily(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const families: [RegExp, string][] = [
    [/\bEdg(e|A|iOS)?\//, "Edge"],
    [/\bOPR\//, "Opera"],
    [/\bFirefox\/|\bFxiOS\//, "Firefox"],
    [/\bChrome\/|\bCriOS\//, "Chrome"],
    [/\bSafari\//, "Safari"],
    [/^curl\//, "curl"],
  ];
  return families.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "other";
}

/** The reader of note `id`, as the access log keeps it. */
export async function readerOf(id: string, headers: Headers, clientId: string): Promise<Reader> {
  const salt = await saltOfToday();
  const client = createHmac("sha256", salt).update(`${id}\n${clientId}`).digest("hex").slice(0, 8);
  return { client, browser: browserFamily(headers.get("user-agent")) };
}

/** Forgets the salts of days before yesterday (cleanup). */
export async function forgetOldSalts(now = new Date()): Promise<number> {
  const yesterday = new Date(`${day(new Date(now.getTime() - 86_400_000))}T00:00:00Z`);
  const prisma = await getPrisma();
  return (await prisma.clientSalt.deleteMany({ where: { day: { lt: yesterday } } })).count;
}
