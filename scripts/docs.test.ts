import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";

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
