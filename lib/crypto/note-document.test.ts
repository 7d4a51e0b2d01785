import { describe, expect, it } from "vitest";
import { EnvelopeError, openNote, sealNote, type NoteDocument } from "./envelope";
import { isFileName, isFileType, newFileSalt } from "./file-envelope";
import { reasonsBy } from "../test/envelope-failures";

// The note document's files (cli/lib/note-document.js): what opens, and what is refused as not a
// note document, so that a reader never sees (or saves under) a name no sender could have made.

const reasonOf = reasonsBy(EnvelopeError);

const page = { title: "", content: "text", format: "markdown" as const };
const file = () => ({ name: "report.pdf", type: "application/pdf", size: 12_345, salt: newFileSalt() });

/** Seals `document` as it is (sealNote does not check it) and opens it again. */
async function roundTrip(document: unknown) {
  const sealed = await sealNote(document as NoteDocument);
  return openNote(sealed.envelope, sealed.key);
}

describe("the note document's files", () => {
  it("opens files beside pages, files without pages, and older documents without files as before", async () => {
    const files = [file(), { ...file(), name: "später.txt", type: "text/plain", size: 0 }];
    expect(await roundTrip({ pages: [page], files })).toEqual({ pages: [page], files });
    expect(await roundTrip({ pages: [], files })).toEqual({ pages: [], files });
    const older = await roundTrip({ pages: [page] });
    expect(older).toEqual({ pages: [page] });
    expect("files" in older).toBe(false);
    // Other fields are dropped, in the document and in each file.
    expect(await roundTrip({ pages: [page], files: [{ ...files[0], extra: 1 }], more: true })).toEqual({
      pages: [page],
      files: [files[0]],
    });
  });

  it("refuses a document with no pages and no files, or an empty list of files", async () => {
    expect(await reasonOf(roundTrip({ pages: [] }))).toBe("bad_document");
    expect(await reasonOf(roundTrip({ pages: [], files: [] }))).toBe("bad_document");
    expect(await reasonOf(roundTrip({ pages: [page], files: [] }))).toBe("bad_document");
    expect(await reasonOf(roundTrip({ pages: [page], files: {} }))).toBe("bad_document");
  });

  it("refuses a file with a bad name, type, size or salt, and two files with one salt", async () => {
    const salt = newFileSalt();
    const bad = [
      { name: "../x" },
      { name: "a/b" },
      { name: "a\\b" },
      { name: ".." },
      { name: "." },
      { name: "" },
      { name: "bell\u0007" },
      { name: "line\nbreak" },
      { name: "x".repeat(256) },
      { name: "lone \ud800 surrogate" },
      { name: 7 },
      { type: "" },
      { type: "pdf" },
      { type: "text/plain; charset=utf-8" },
      { type: `application/${"x".repeat(250)}` },
      { size: -1 },
      { size: 1.5 },
      { size: "12" },
      { size: 2 ** 53 },
      { salt: salt.slice(1) },
      { salt: `${salt.slice(0, 21)}B` },
      { salt: undefined },
    ];
    for (const change of bad) {
      expect(
        await reasonOf(roundTrip({ pages: [page], files: [{ ...file(), ...change }] })),
        JSON.stringify(change),
      ).toBe("bad_document");
    }
    const twins = [
      { ...file(), salt },
      { ...file(), salt },
    ];
    expect(await reasonOf(roundTrip({ pages: [page], files: twins }))).toBe("bad_document");
  });

  it("names: 1 to 255 characters, any script, no separators or control characters", () => {
    for (const name of ["a", "x".repeat(255), "Résumé 2026 (final).pdf", "…", ".env", "..."]) {
      expect(isFileName(name), name).toBe(true);
    }
    for (const name of ["", "x".repeat(256), "/", "\\", "..", ".", "a\u0000", "\u009b[31m", null]) {
      expect(isFileName(name), String(name)).toBe(false);
    }
    expect(
      ["application/pdf", "image/svg+xml", "application/vnd.ms-excel", "text/x-c"].every(isFileType),
    ).toBe(true);
    expect(["", "/", "text/", "text/plain ", "a/b/c", 5].some(isFileType)).toBe(false);
  });
});
