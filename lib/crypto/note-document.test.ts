import { describe, expect, it } from "vitest";
import { EnvelopeError, openNote, sealNote, type NoteDocument } from "./envelope";
import { isFileName } from "../files/file-name";
import { isFileType, newFileSalt } from "./file-envelope";
import { reasonsBy } from "../test/envelope-failures";

// The note document's files (cli/lib/note-document.js): what opens, and what is refused as not a
// note document; a name no sender of ours could have made is opened made savable (savableFileName),
// so that no reader sees or saves under it.

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

  it("opens a file whose name no sender of ours writes with the name made savable", async () => {
    const cases = [
      ["../x", ".._x"],
      ["a/b", "a_b"],
      ["a\\b", "a_b"],
      ["..", "file-0"],
      [".", "file-0"],
      ["", "file-0"],
      ["bell\u0007", "bell_"],
      ["line\nbreak", "line_break"],
      ["\u009b[31m", "_[31m"],
      ["x".repeat(256), "x".repeat(255)],
      // Cut at 255 UTF-8 bytes, never inside a character.
      [`${"x".repeat(254)}😀`, "x".repeat(254)],
      ["é".repeat(200), "é".repeat(127)],
      ["report\u202efdp.exe", "reportfdp.exe"],
      ["lone \ud800 surrogate", "lone \ufffd surrogate"],
      ["Résumé (final).pdf", "Résumé (final).pdf"],
    ] as const;
    for (const [sent, opened] of cases) {
      const read = await roundTrip({ pages: [page], files: [{ ...file(), name: sent }] });
      const files = read.files ?? [];
      expect(
        files.map((each) => each.name),
        JSON.stringify(sent),
      ).toEqual([opened]);
      expect(isFileName(opened)).toBe(true);
    }
  });

  it("refuses a file with a bad type, size or salt or a name not a string, and two files with one salt", async () => {
    const salt = newFileSalt();
    const bad = [
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

  it("names: 1 to 255 UTF-8 bytes, any script, no separators or control characters", () => {
    for (const name of [
      "a",
      "x".repeat(255),
      "é".repeat(127),
      "Résumé 2026 (final).pdf",
      "…",
      ".env",
      "...",
    ]) {
      expect(isFileName(name), name).toBe(true);
    }
    for (const name of [
      "",
      "x".repeat(256),
      "é".repeat(128),
      "/",
      "\\",
      "..",
      ".",
      "a\u0000",
      "\u009b[31m",
      null,
    ]) {
      expect(isFileName(name), String(name)).toBe(false);
    }
    expect(
      ["application/pdf", "image/svg+xml", "application/vnd.ms-excel", "text/x-c"].every(isFileType),
    ).toBe(true);
    expect(["", "/", "text/", "text/plain ", "a/b/c", 5].some(isFileType)).toBe(false);
  });
});
