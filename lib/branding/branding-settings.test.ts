import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { brandingSettings, maxLogoBytes, parseFooterLinks } from "./branding-settings";

const folder = mkdtempSync(path.join(tmpdir(), "branding-settings-"));
const fileOf = (name: string, bytes: Buffer | string) => {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
};
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const settings = z.object(brandingSettings);
const messageFor = (values: Record<string, string>) => settings.safeParse(values).error?.issues[0]?.message;

describe("SITE_LOGO", () => {
  it("takes a PNG or an SVG (after an XML declaration, comments or a doctype) of at most 100 KiB", () => {
    expect(settings.parse({ SITE_LOGO: fileOf("a.png", png) }).SITE_LOGO?.contentType).toBe("image/png");
    const svg = '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"/>';
    const logo = settings.parse({ SITE_LOGO: fileOf("a.svg", svg) }).SITE_LOGO!;
    expect(logo.contentType).toBe("image/svg+xml");
    expect(logo.bytes.toString()).toBe(svg);
    expect(logo.etag).toMatch(/^"[\w-]{43}"$/);
  });

  it("refuses a missing file, another type and a larger file, saying which", () => {
    expect(messageFor({ SITE_LOGO: path.join(folder, "missing.svg") })).toBe("cannot be read (ENOENT)");
    const wrong = "must be a PNG or SVG file of at most 100 KiB";
    expect(messageFor({ SITE_LOGO: fileOf("page.html", "<html><svg/></html>") })).toBe(wrong);
    expect(
      messageFor({ SITE_LOGO: fileOf("big.png", Buffer.concat([png, Buffer.alloc(maxLogoBytes)])) }),
    ).toBe(wrong);
  });
});

describe("SITE_NAME", () => {
  it("is trimmed, and refuses control characters and more than 60 characters", () => {
    expect(settings.parse({ SITE_NAME: "  Acme Secrets " }).SITE_NAME).toBe("Acme Secrets");
    expect(messageFor({ SITE_NAME: "Acme\nSecrets" })).toBe("must not hold control characters");
    expect(messageFor({ SITE_NAME: "x".repeat(61) })).toBe("must be at most 60 characters");
  });
});

describe("FOOTER_LINKS", () => {
  it("reads Label=URL pairs in order, a URL's own = included", () => {
    expect(parseFooterLinks("Impressum=https://a.example/?lang=de")).toEqual([
      { label: "Impressum", url: "https://a.example/?lang=de" },
    ]);
    expect(
      parseFooterLinks("Imprint=https://a.example/imprint, Privacy = https://a.example/privacy"),
    ).toEqual([
      { label: "Imprint", url: "https://a.example/imprint" },
      { label: "Privacy", url: "https://a.example/privacy" },
    ]);
  });

  it("refuses what is not an http(s) link, an empty or long label, and more than 8 links", () => {
    for (const text of [
      "Imprint=javascript:alert(1)",
      "Imprint=/imprint",
      "=https://a.example",
      "Imprint",
      `${"x".repeat(41)}=https://a.example`,
      Array.from({ length: 9 }, (_, at) => `L${at}=https://a.example/${at}`).join(","),
    ]) {
      expect(parseFooterLinks(text)).toBeNull();
    }
  });
});
