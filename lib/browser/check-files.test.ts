import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { catalogs } from "../i18n/catalogs";
import { checkFiles } from "./check-files";
import { fieldOfError } from "./create-errors";
import { MiB } from "../byte-units";

const t = createTranslator({ locale: "en", messages: catalogs.en, namespace: "files" });
const de = createTranslator({ locale: "de", messages: catalogs.de, namespace: "files" });
const limits = { maxCount: 3, maxFileBytes: 10 * MiB, maxTotalBytes: 15 * MiB };
const file = (name: string, size: number) => ({ name, size });

describe("checkFiles", () => {
  it("passes files at the limits exactly", () => {
    expect(checkFiles(t, [], limits, "en")).toBeUndefined();
    expect(
      checkFiles(t, [file("a", 10 * MiB), file("b", 5 * MiB), file("c", 0)], limits, "en"),
    ).toBeUndefined();
  });

  it("names the limit that is crossed: the count first, then the file, then all together", () => {
    const four = [file("a", 1), file("b", 1), file("c", 1), file("d", 20 * MiB)];
    expect(checkFiles(t, four, limits, "en")).toBe("A note can carry at most 3 files: remove some.");
    expect(checkFiles(t, [file("a", 1), file("big.iso", 10 * MiB + 1)], limits, "en")).toBe(
      "big.iso is larger than the limit of 10 MiB per file.",
    );
    expect(checkFiles(t, [file("a", 8 * MiB), file("b", 8 * MiB)], limits, "en")).toBe(
      "The files together are larger than the limit of 15 MiB.",
    );
    expect(
      checkFiles(de, [file("a", 8 * MiB), file("b", 8 * MiB)], { ...limits, maxTotalBytes: 1.5 * MiB }, "de"),
    ).toBe("Die Dateien sind zusammen größer als die Grenze von 1,5 MiB.");
  });

  it("puts the server's answers on the same limits under the file picker", () => {
    for (const code of ["too_many_files", "file_too_large", "files_too_large"]) {
      expect(fieldOfError(code, "A note may carry at most 10 files; this one declares 11.", 1)).toBe("files");
    }
  });
});
