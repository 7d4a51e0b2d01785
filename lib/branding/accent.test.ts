import { describe, expect, it } from "vitest";
import { accentProperties, contrast, parseAccent } from "./accent";

// Whatever colour an operator picks, links and buttons keep AA contrast (4.5:1) in both themes.

const shadesOf = (accent: string) => {
  const value = accentProperties(accent)["--accent"];
  const [, onLight, onDark] = /^light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)$/.exec(value)!;
  return { onLight: onLight!, onDark: onDark! };
};

describe("parseAccent", () => {
  it("takes #rgb and #rrggbb in either case, as lower-case #rrggbb", () => {
    expect(parseAccent("#1F5FBF")).toBe("#1f5fbf");
    expect(parseAccent("#fc0")).toBe("#ffcc00");
    expect(parseAccent(" #abc ")).toBe("#aabbcc");
  });

  it("refuses names, functions, alpha and anything a style attribute could be broken out of", () => {
    for (const text of ["red", "rgb(1,2,3)", "#12345", "#1234567", "#abcd", "#ggg", "#fff;color:red", ""]) {
      expect(parseAccent(text)).toBeNull();
    }
  });
});

describe("accentProperties", () => {
  it("measures contrast as WCAG 2 does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("keeps a colour that already contrasts enough, and the focus ring follows the accent", () => {
    expect(shadesOf("#1f5fbf").onLight).toBe("#1f5fbf");
    const properties = accentProperties("#1f5fbf");
    expect(properties["--focus"]).toBe(properties["--accent"]);
  });

  it("gives every colour a shade per theme with at least 4.5:1 against that theme's backgrounds and button text", () => {
    const colours = [
      "#ffcc00",
      "#ffffff",
      "#000000",
      "#777777",
      "#ff0000",
      "#00ff00",
      "#0000ff",
      "#1f5fbf",
      "#7fb0ff",
    ];
    for (const colour of colours) {
      const { onLight, onDark } = shadesOf(colour);
      for (const background of ["#fbfbfa", "#ffffff"])
        expect(contrast(onLight, background)).toBeGreaterThanOrEqual(4.5);
      for (const background of ["#14161a", "#1c1f24", "#0b1526"])
        expect(contrast(onDark, background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("darkens a bright yellow for the light theme only as far as it must", () => {
    expect(contrast("#ffcc00", "#ffffff")).toBeLessThan(4.5);
    const { onLight, onDark } = shadesOf("#ffcc00");
    expect(onDark).toBe("#ffcc00");
    // One step (1 %) less towards black would not be enough.
    expect(contrast(onLight, "#ffffff")).toBeLessThan(5);
  });
});
