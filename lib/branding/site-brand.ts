import "server-only";
import { env } from "../env";
import { accentProperties } from "./accent";
import { logoVersion } from "./branding-settings";

// What the pages show of the operator's branding (lib/branding/branding-settings.ts).

/** SITE_NAME, else the built-in name in the page's language (`translatedName`). */
export const siteName = (translatedName: string): string => env.SITE_NAME ?? translatedName;

/** Where the logo is served, with its hash so that a new logo is never shown from a cache; null without one. */
export const siteLogoPath = (): string | null =>
  env.SITE_LOGO ? `/brand/logo?v=${logoVersion(env.SITE_LOGO)}` : null;

/** The root element's style: the accent's custom properties, or nothing for the built-in palette. */
export const accentStyle = (): Record<string, string> | undefined =>
  env.SITE_ACCENT ? accentProperties(env.SITE_ACCENT) : undefined;

export const footerLinks = () => env.FOOTER_LINKS ?? [];
