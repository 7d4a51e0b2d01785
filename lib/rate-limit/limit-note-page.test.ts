import { describe, expect, it } from "vitest";
import { config } from "../../proxy";
import { noteIdPattern } from "../notes/note-policy";

describe("the proxy's matcher", () => {
  // Next.js reads the matcher at build time, so the id's shape is written out there: it must be
  // exactly the one note ids have, or some viewer pages would go uncharged under a prefetch header.
  it("has an entry for viewer pages, prefetch or not, with exactly the note id's shape", () => {
    const viewer = config.matcher.filter((entry) => !("missing" in entry));
    expect(viewer).toEqual([{ source: `/:id(${noteIdPattern.source.slice(1, -1)})` }]);
  });
});
