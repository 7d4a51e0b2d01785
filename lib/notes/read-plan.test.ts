import { describe, expect, it } from "vitest";
import { grantsFiles, pickReadPlan } from "./read-plan";

const free = { keeping: false };
const keeping = { keeping: true };
const ordinary = { link: false, unlimited: false, fileCount: 0 };

describe("a read's plan", () => {
  it("before the lookup: a view for a hinted note, else a consumption; never a view when keeping", () => {
    expect(pickReadPlan({ viewHint: true }, free)).toEqual({ kind: "view" });
    expect(pickReadPlan({ viewHint: false }, free)).toEqual({ kind: "consume" });
    expect(pickReadPlan({ viewHint: true }, keeping)).toEqual({ kind: "consume" });
    expect(pickReadPlan({ viewHint: false }, keeping)).toEqual({ kind: "consume" });
  });

  it("after the lookup: an ordinary note without files is viewed without a view limit, else consumed", () => {
    expect(pickReadPlan({ ...ordinary, unlimited: true }, free)).toEqual({ kind: "view" });
    expect(pickReadPlan({ ...ordinary, unlimited: true }, keeping)).toEqual({ kind: "consume" });
    expect(pickReadPlan(ordinary, free)).toEqual({ kind: "consume" });
    expect(pickReadPlan(ordinary, keeping)).toEqual({ kind: "consume" });
  });

  it("a recipient's link is read as a link, with or without files, limited or not, keeping or not", () => {
    for (const unlimited of [false, true]) {
      for (const options of [free, keeping]) {
        expect(pickReadPlan({ link: true, unlimited, fileCount: 0 }, options)).toEqual({
          kind: "link",
          files: false,
        });
        expect(pickReadPlan({ link: true, unlimited, fileCount: 2 }, options)).toEqual({
          kind: "link",
          files: true,
        });
      }
    }
  });

  it("an ordinary note with files is consumed with a grant, even without a view limit", () => {
    expect(pickReadPlan({ ...ordinary, fileCount: 1 }, free)).toEqual({ kind: "grant" });
    expect(pickReadPlan({ ...ordinary, unlimited: true, fileCount: 1 }, free)).toEqual({ kind: "grant" });
    expect(pickReadPlan({ ...ordinary, unlimited: true, fileCount: 1 }, keeping)).toEqual({ kind: "grant" });
  });

  it("hands a download grant exactly when the note has files", () => {
    expect(grantsFiles({ kind: "grant" })).toBe(true);
    expect(grantsFiles({ kind: "link", files: true })).toBe(true);
    expect(grantsFiles({ kind: "link", files: false })).toBe(false);
    expect(grantsFiles({ kind: "view" })).toBe(false);
    expect(grantsFiles({ kind: "consume" })).toBe(false);
  });
});
