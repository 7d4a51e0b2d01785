// A site's accent colour (SITE_ACCENT) made safe for both themes: buttons and links keep WCAG AA
// contrast (4.5:1) whatever colour an operator picks. Each theme takes the accent itself when it
// already contrasts enough with that theme's backgrounds, else the nearest shade towards black
// (light theme) or white (dark theme) that does. Button text is white on the light theme's shade
// and the dark text of the built-in palette on the dark theme's (app/globals.css).

type Rgb = readonly [number, number, number];

/** The two themes' page and card backgrounds, and the dark theme's button text (app/globals.css). */
const light = { backgrounds: ["#fbfbfa", "#ffffff"] } as const;
const dark = { backgrounds: ["#14161a", "#1c1f24"], buttonText: "#0b1526" } as const;

/** Above AA's 4.5 by a margin, so that rounding to a hex colour never falls below it. */
const targetContrast = 4.6;

/** `#rgb` or `#rrggbb` as lower-case `#rrggbb`; null for anything else. */
export function parseAccent(text: string): string | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text.trim());
  if (short)
    return `#${short
      .slice(1)
      .map((digit) => digit + digit)
      .join("")}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(text.trim()) ? text.trim().toLowerCase() : null;
}

const rgbOf = (hex: string): Rgb =>
  [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;

const hexOf = (rgb: Rgb) =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;

/** WCAG 2's relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const mix = (from: string, to: string, share: number) => {
  const [a, b] = [rgbOf(from), rgbOf(to)];
  return hexOf(a.map((channel, index) => channel + (b[index]! - channel) * share) as unknown as Rgb);
};

/** The accent mixed towards `towards` in steps of 1 % until it contrasts enough with every colour of `against`. */
function nearestReadable(accent: string, towards: string, against: readonly string[]): string {
  for (let step = 0; step <= 100; step++) {
    const shade = mix(accent, towards, step / 100);
    if (against.every((background) => contrast(shade, background) >= targetContrast)) return shade;
  }
  return towards;
}

/** The CSS custom properties that replace the built-in accent, focus ring included. */
export function accentProperties(accent: string): Record<"--accent" | "--focus", string> {
  const onLight = nearestReadable(accent, "#000000", light.backgrounds);
  const onDark = nearestReadable(accent, "#ffffff", [...dark.backgrounds, dark.buttonText]);
  const value = `light-dark(${onLight}, ${onDark})`;
  return { "--accent": value, "--focus": value };
}
