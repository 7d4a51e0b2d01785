import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";
import { settingSchemas } from "../lib/env";
import { policyNames, policyRule, type PolicyName } from "../lib/rate-limit/policies";
import { parseRateRule } from "../lib/rate-limit/settings";
import {
  exampleDefaults,
  quantity,
  referenceDefaults,
  sameDefault,
  statedDefaults,
  type StatedDefault,
} from "./docs-defaults";

// The README is a front door and docs/ holds the rest, one file per reader (docs/development.md):
// the README stays short, and no link between them leads nowhere, which a move of text between
// files easily causes.

const documents = [
  "README.md",
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The text outside code: fenced blocks and inline code can show link syntax that is no link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");

/** The fragments GitHub gives the headings of a Markdown file. */
function headingAnchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const headings =
    readFileSync(file, "utf8")
      .replace(/^```[\s\S]*?^```/gm, "")
      .match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((heading) => slugger.slug(heading.replace(/^#+ /, "").replace(/`/g, ""))));
}

/** The relative links of `file`: Markdown links and images, and HTML images (the README's screenshots). */
function relativeLinks(file: string): string[] {
  const links = /\]\(([^)\s]+)\)|<img src="([^"]+)"/g;
  return [...prose(readFileSync(file, "utf8")).matchAll(links)]
    .map((match) => (match[1] ?? match[2])!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

/** Whether `target`, linked from `file`, leads to a file that exists (and to a heading in it). */
function leadsSomewhere(file: string, target: string): boolean {
  const [pathPart, fragment] = target.split("#") as [string, string | undefined];
  const resolved = pathPart === "" ? file : path.join(path.dirname(file), decodeURIComponent(pathPart));
  if (!existsSync(resolved)) return false;
  if (fragment === undefined || !resolved.endsWith(".md") || statSync(resolved).isDirectory()) return true;
  return headingAnchors(resolved).has(fragment);
}

const brokenLinks = (file: string) =>
  relativeLinks(file)
    .filter((target) => !leadsSomewhere(file, target))
    .map((target) => `${file}: ${target}`);

describe("the documents", () => {
  it("keep the README under 250 lines", () => {
    const lines = readFileSync("README.md", "utf8").split("\n").length;
    expect(lines).toBeLessThan(250);
  });

  it("link only to files and headings that exist", () => {
    expect(documents.flatMap(brokenLinks)).toEqual([]);
  });

  it("find links and headings at all, so the check above cannot pass on nothing", () => {
    expect(relativeLinks("README.md")).toEqual(
      expect.arrayContaining([
        "docs/screenshots/create.png",
        "docs/api.md",
        "docs/operations.md#the-database",
      ]),
    );
    expect(headingAnchors("docs/api.md")).toContain("post-apiv1sharesidread-read-a-note");
    expect(leadsSomewhere("README.md", "docs/operations.md#the-database")).toBe(true);
    expect(leadsSomewhere("README.md", "docs/operations.md#no-such-heading")).toBe(false);
    expect(leadsSomewhere("docs/api.md", "no-such-file.md")).toBe(false);
    expect(documents.length).toBeGreaterThan(8);
  });
});

// docs/configuration.md's table is where a setting's default is written; every other place that
// states one (README.md, docs/, .env.example) must say the same (scripts/docs-defaults.ts).
const reference = referenceDefaults(readFileSync("docs/configuration.md", "utf8"));
const settings = new Set(reference.keys());

const everyStatedDefault = (): StatedDefault[] => [
  ...documents.flatMap((file) => statedDefaults(file, readFileSync(file, "utf8"), settings)),
  ...exampleDefaults(".env.example", readFileSync(".env.example", "utf8"), settings),
];

const disagreements = (stated: StatedDefault[]) =>
  stated
    .filter(({ setting, value }) => !sameDefault(setting, value, reference.get(setting)!))
    .map(
      ({ file, setting, value }) =>
        `${file}: ${setting} "${value}", configuration.md "${reference.get(setting)}"`,
    );

/** RATE_LIMIT_CREATE_PER_KEY → createPerKey: the policy whose default the setting overrides. */
const policyOf = (setting: string) =>
  setting
    .replace(/^RATE_LIMIT_/, "")
    .toLowerCase()
    .replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe("the settings' defaults", () => {
  it("are what lib/env.ts and the rate-limit policies use, where configuration.md gives one value", () => {
    const wrong: string[] = [];
    for (const [setting, cell] of reference) {
      const literal = /^`([^`]+)`$/.exec(cell)?.[1];
      // A default that names another setting (`FILE_MAX_BYTES`) is that setting's.
      if (literal === undefined || settings.has(literal)) continue;
      const schema = settingSchemas[setting as keyof typeof settingSchemas];
      const unset: unknown = schema.parse(undefined);
      const policy = policyOf(setting) as PolicyName;
      if (unset !== undefined) {
        if (!isDeepStrictEqual(schema.parse(literal), unset)) wrong.push(setting);
      } else if (!policyNames.includes(policy)) {
        wrong.push(`${setting}: the schema has no default`);
      } else if (
        process.env[setting] === undefined &&
        !isDeepStrictEqual(parseRateRule(literal), policyRule(policy))
      ) {
        wrong.push(setting);
      }
    }
    expect(wrong).toEqual([]);
    expect(reference.size).toBeGreaterThan(50);
  });

  it("are written the same way wherever README.md, docs/ and .env.example state one", () => {
    expect(disagreements(everyStatedDefault())).toEqual([]);
  });

  it("are found in tables, in prose and in .env.example, so the check above cannot pass on nothing", () => {
    const found = everyStatedDefault().map(({ file, setting }) => `${file} ${setting}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "README.md TTL_CHOICES",
        "README.md HOST",
        "docs/files.md FILE_GRANT_SECONDS",
        "docs/api.md ACCESS_LOG_RETENTION_DAYS",
        ".env.example FILE_GRANT_SECONDS",
      ]),
    );
    const stated = (text: string) => statedDefaults("x.md", text, settings);
    expect(
      disagreements(stated("valid for a while (`FILE_GRANT_SECONDS`, default 15): a download")),
    ).toHaveLength(1);
    expect(disagreements(stated("valid `FILE_GRANT_SECONDS` (default 15 minutes)"))).toEqual([]);
    expect(disagreements(stated("`WEBHOOK_RETRY_BASE_MS` (default 1 min), then"))).toEqual([]);
    expect(disagreements(stated("`FILE_GRANT_SECONDS`, 15 seconds by default."))).toHaveLength(1);
    expect(
      disagreements(stated("| Variable | Default |\n| - | - |\n| `PORT`, `HOST` | `3001`, all interfaces |")),
    ).toHaveLength(1);
    expect(quantity("HTTP_MAX_CONNECTIONS", "1,000")).toBe(1000);
  });
});
