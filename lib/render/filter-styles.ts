import type { Root } from "hast";
import parseStyle from "style-to-object";
import { renderLimits } from "./render-limits";
import { walkElements } from "./walk-elements";

const COLOR = String.raw`(?:#[0-9a-f]{3,8}|[a-z]+|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([a-z0-9.,%\s/+-]*\))`;
// No two alternatives here can match the same text, so no value makes the patterns backtrack much.
const LENGTH = String.raw`(?:(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:px|em|rem|%)?)`;
const TEXT_DECORATION_PART = `(?:${COLOR}|${LENGTH}|[a-z-]+)`;

/** The only style properties a note may set, each with the values it may take (whole value, trimmed). */
export const ALLOWED_STYLES: Readonly<Record<string, RegExp>> = {
  color: new RegExp(`^${COLOR}$`, "i"),
  "background-color": new RegExp(`^${COLOR}$`, "i"),
  "text-align": /^(?:left|right|center|justify|start|end)$/i,
  "font-weight": /^(?:normal|bold|bolder|lighter|[1-9]00)$/i,
  "font-style": /^(?:normal|italic|oblique)$/i,
  "text-decoration": new RegExp(`^${TEXT_DECORATION_PART}(?:\\s+${TEXT_DECORATION_PART}){0,3}$`, "i"),
};

// Belt and braces over the patterns above: nothing that can load, run or break out of a declaration.
const UNSAFE_VALUE = /url\(|expression\(|image-set\(|var\(|\\|\/\*|\*\/|[<>@;{}"'`]/i;
const IMPORTANT = /\s*!\s*important\s*$/i;

/** The allow-listed declarations of `style`, as `property:value;...`, or "" if none are left. */
export function filterStyle(style: string): string {
  if (style.length > renderLimits.maxStyleLength) return "";
  const kept = new Map<string, string>();
  try {
    parseStyle(style, (property, rawValue) => {
      const name = property.trim().toLowerCase();
      const value = rawValue.replace(IMPORTANT, "").trim();
      const pattern = Object.hasOwn(ALLOWED_STYLES, name) ? ALLOWED_STYLES[name] : undefined;
      const allowed = value.length <= renderLimits.maxStyleValueLength && pattern?.test(value);
      if (allowed && !UNSAFE_VALUE.test(value)) {
        kept.delete(name);
        kept.set(name, value);
      } else {
        // A later invalid declaration must not leave an earlier one in force that the author overrode.
        kept.delete(name);
      }
    });
  } catch {
    // inline-style-parser throws on malformed CSS; such a style is dropped whole.
    return "";
  }
  return [...kept].map(([name, value]) => `${name}:${value}`).join(";");
}

/** rehype plugin: rewrites every `style` attribute to its allow-listed declarations, or removes it. */
export function rehypeFilterStyles() {
  return (tree: Root) => {
    walkElements(tree, (element) => {
      const style = element.properties.style;
      if (style === undefined) return;
      const filtered = typeof style === "string" ? filterStyle(style) : "";
      if (filtered) element.properties.style = filtered;
      else delete element.properties.style;
    });
  };
}
