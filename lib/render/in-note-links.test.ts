import { describe, expect, it } from "vitest";
import { renderNote } from "./render-note";

const REL = 'rel="noopener noreferrer nofollow ugc"';
const md = (content: string) => renderNote(content, "markdown");

describe("heading ids and in-note links", () => {
  it("gives headings GitHub's slugs, prefixed so they cannot clobber the page's own ids", () => {
    expect(md("# Setup steps\n\n## Setup steps\n\n### `npm` & Node!")).toBe(
      '<h1 id="user-content-setup-steps">Setup steps</h1>\n' +
        '<h2 id="user-content-setup-steps-1">Setup steps</h2>\n' +
        '<h3 id="user-content-npm--node"><code>npm</code> &#x26; Node!</h3>',
    );
  });

  it("points #fragment links at the prefixed id, also when Markdown percent-encoded them", () => {
    expect(md("# Café\n\n[top](#café) [plain](#caf%C3%A9) [gone](#nowhere)")).toBe(
      '<h1 id="user-content-café">Café</h1>\n' +
        `<p><a href="#user-content-caf%C3%A9" ${REL}>top</a> <a href="#user-content-caf%C3%A9" ${REL}>plain</a> ` +
        `<a href="#nowhere" ${REL}>gone</a></p>`,
    );
  });

  it("keeps an id written in raw HTML rather than a slug, prefixed like any id", () => {
    expect(md('<h2 id="custom">Title</h2>\n\n[x](#custom)')).toBe(
      `<h2 id="user-content-custom">Title</h2>\n<p><a href="#user-content-custom" ${REL}>x</a></p>`,
    );
  });

  it("leaves HTML notes' headings without generated ids", () => {
    expect(renderNote("<h1>Title</h1>", "html")).toBe("<h1>Title</h1>");
  });
});

describe("fenced code keeps a leading blank line", () => {
  it.each([
    ["without raw HTML in the note", ""],
    ["when the note has raw HTML and is re-parsed", "<b>x</b>\n\n"],
  ])("%s", (_, before) => {
    expect(md(`${before}\`\`\`\n\nfirst line after a blank one\n\`\`\``)).toContain(
      "<pre><code>\nfirst line after a blank one\n</code></pre>",
    );
  });
});
