import { describe, expect, it } from "vitest";
import { fittedFileName, isFileName, savableFileName, savedFileName } from "./file-name";

// File names as readers see and save them (cli/lib/file-name.js): never over 255 UTF-8 bytes nor cut
// inside a character, never disguised by bidirectional controls, never a hidden dotfile once saved.

const bytes = (text: string) => Buffer.byteLength(text);

describe("file names", () => {
  it("are cut at 255 UTF-8 bytes on a character boundary, keeping the extension", () => {
    const cases: [string, string][] = [
      ["é".repeat(200), "é".repeat(127)],
      [`${"é".repeat(200)}.pdf`, `${"é".repeat(125)}.pdf`],
      [`${"x".repeat(254)}😀`, "x".repeat(254)],
      // The last extension only: ".tar" goes with the stem.
      [`${"😀".repeat(70)}.tar.gz`, `${"😀".repeat(63)}.gz`],
      // An "extension" over 32 bytes is part of the name, cut like the rest.
      [`a.${"b".repeat(300)}`, `a.${"b".repeat(253)}`],
      ["Résumé (final).pdf", "Résumé (final).pdf"],
    ];
    for (const [sent, shown] of cases) {
      const savable = savableFileName(sent, 0);
      expect(savable, sent.slice(0, 20)).toBe(shown);
      expect(bytes(savable)).toBeLessThanOrEqual(255);
      expect(savable.isWellFormed()).toBe(true);
      expect(isFileName(savable)).toBe(true);
    }
    expect(bytes(savableFileName("é".repeat(200), 0))).toBe(254);
  });

  it("a suffix such as (1) fits before the extension, within 255 bytes", () => {
    expect(fittedFileName("report.pdf", " (1)")).toBe("report (1).pdf");
    const long = fittedFileName(`${"é".repeat(126)}.pdf`, " (12)");
    expect(long).toBe(`${"é".repeat(123)} (12).pdf`);
    expect(bytes(long)).toBeLessThanOrEqual(255);
  });

  it("lose their bidirectional controls, shown and saved", () => {
    const controls = [
      "\u202a",
      "\u202b",
      "\u202c",
      "\u202d",
      "\u202e",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
      "\u200e",
      "\u200f",
      "\u061c",
    ];
    for (const control of controls) {
      expect(savableFileName(`invoice${control}fdp.exe`, 0)).toBe("invoicefdp.exe");
      expect(savedFileName(`invoice${control}fdp.exe`, 0)).toBe("invoicefdp.exe");
    }
    // Names of right-to-left scripts keep their letters.
    expect(savableFileName("\u200fשלום.txt", 0)).toBe("שלום.txt");
    expect(savableFileName("\u202e", 3)).toBe("file-3");
  });

  it("starting with a dot, are saved with a leading _, and shown as sent", () => {
    expect(savableFileName(".profile", 0)).toBe(".profile");
    expect(savedFileName(".profile", 0)).toBe("_.profile");
    expect(savedFileName("..hidden", 0)).toBe("_..hidden");
    expect(savedFileName("\u202e.bashrc", 0)).toBe("_.bashrc");
    expect(savedFileName("..", 2)).toBe("file-2");
    expect(savedFileName("a.txt", 0)).toBe("a.txt");
    const long = savedFileName(`.${"x".repeat(254)}`, 0);
    expect(long).toBe(`_.${"x".repeat(253)}`);
    expect(bytes(long)).toBe(255);
  });

  it("a sender writes 1 to 255 UTF-8 bytes; the server refuses more (isFileName)", () => {
    expect(isFileName("é".repeat(127))).toBe(true);
    expect(isFileName("é".repeat(128))).toBe(false);
    expect(isFileName("x".repeat(255))).toBe(true);
    expect(isFileName("x".repeat(256))).toBe(false);
  });
});
