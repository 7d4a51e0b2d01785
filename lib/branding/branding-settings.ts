import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { KiB } from "../byte-units";
import { optional, parsedWith } from "../setting-schemas";
import { parseAccent } from "./accent";

// Making the site one's own (docs/configuration.md, "Branding"), gathered into lib/env.ts's schema.
// Kept free of other imports of the service: lib/env.ts parses with it.

/** The largest logo the server keeps in memory and serves at /brand/logo. */
export const maxLogoBytes = 100 * KiB;

export type SiteLogo = { bytes: Buffer; contentType: "image/png" | "image/svg+xml"; etag: string };
export type FooterLink = { label: string; url: string };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG by its signature; SVG by an `<svg` root after an optional XML declaration, comments and doctype. */
function logoType(bytes: Buffer): SiteLogo["contentType"] | null {
  if (bytes.subarray(0, 8).equals(pngSignature)) return "image/png";
  const start = bytes.subarray(0, 4 * KiB).toString("utf8");
  const prologue = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i;
  return prologue.test(start) ? "image/svg+xml" : null;
}

function readLogo(file: string, context: z.RefinementCtx): SiteLogo {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    context.addIssue({
      code: "custom",
      message: `cannot be read (${(error as NodeJS.ErrnoException).code})`,
    });
    return z.NEVER;
  }
  const contentType = logoType(bytes);
  if (bytes.length > maxLogoBytes || !contentType) {
    context.addIssue({ code: "custom", message: "must be a PNG or SVG file of at most 100 KiB" });
    return z.NEVER;
  }
  return { bytes, contentType, etag: `"${createHash("sha256").update(bytes).digest("base64url")}"` };
}

/** What the pages add to the logo's address (?v=), so that a new logo is never taken from a cache. */
export const logoVersion = (logo: SiteLogo): string => logo.etag.slice(1, 13);

/** `Label=https://…` pairs separated by commas (a label ends at its first `=`); null when any pair is not one. */
export function parseFooterLinks(text: string): FooterLink[] | null {
  const links = text.split(",").map((pair): FooterLink | null => {
    const at = pair.indexOf("=");
    const [label, url] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    if (at < 0 || label.length === 0 || label.length > 40 || !/^https?:\/\//.test(url)) return null;
    return URL.canParse(url) ? { label, url: new URL(url).href } : null;
  });
  return links.length <= 8 && links.every((link) => link !== null) ? (links as FooterLink[]) : null;
}

export const brandingSettings = {
  /** The site's name in the header, page titles, emails and the OpenAPI document; unset: "Notes", translated. */
  SITE_NAME: optional(
    z
      .string()
      .trim()
      .min(1)
      .max(60, { error: "must be at most 60 characters" })
      .refine((name) => !/\p{Cc}/u.test(name), { error: "must not hold control characters" }),
  ),
  /** A PNG or SVG file (at most 100 KiB) shown beside the name, served by the server at /brand/logo. */
  SITE_LOGO: optional(z.string().min(1).transform(readLogo)),
  /** The colour of buttons and links, #rgb or #rrggbb; each theme gets the nearest shade that keeps AA contrast. */
  SITE_ACCENT: parsedWith(parseAccent, "must be a colour written #rgb or #rrggbb"),
  /** Links in every page's footer: `Imprint=https://…,Privacy=https://…` (at most 8). */
  FOOTER_LINKS: parsedWith(
    parseFooterLinks,
    "must be Label=https://… pairs separated by commas (at most 8; labels of 1 to 40 characters, without = or ,)",
  ),
};
