import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fileSettings } from "../files/file-settings";
import {
  defaultBurnAfterWithinMax,
  fileCountNamesAgree,
  maxFileCount,
  policySettings,
} from "./policy-settings";

const settings = z
  .object({ ...policySettings, FILES_MAX_COUNT: fileSettings.FILES_MAX_COUNT })
  .refine(...defaultBurnAfterWithinMax)
  .refine(...fileCountNamesAgree);
const issuesFor = (values: Record<string, string>) =>
  settings.safeParse(values).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("the instance policies", () => {
  it("are off when unset: no password needed, no cap, no preselected read limit, 10 files", () => {
    const parsed = settings.parse({});
    expect(parsed).toEqual({ REQUIRE_PASSWORD: false });
    expect(maxFileCount(parsed)).toBe(10);
  });

  it("take REQUIRE_PASSWORD 0 or 1 only", () => {
    expect(settings.parse({ REQUIRE_PASSWORD: "1" }).REQUIRE_PASSWORD).toBe(true);
    expect(issuesFor({ REQUIRE_PASSWORD: "yes" })).toEqual(["REQUIRE_PASSWORD: must be 0 or 1"]);
  });

  it("take read limits from 1 to 1000, the preselected one not above the cap", () => {
    expect(settings.parse({ MAX_BURN_AFTER: "5", DEFAULT_BURN_AFTER: "5" })).toMatchObject({
      MAX_BURN_AFTER: 5,
      DEFAULT_BURN_AFTER: 5,
    });
    expect(issuesFor({ MAX_BURN_AFTER: "1001" })).toEqual([
      "MAX_BURN_AFTER: must be a whole number from 1 to 1000",
    ]);
    expect(issuesFor({ DEFAULT_BURN_AFTER: "0" })).toEqual([
      "DEFAULT_BURN_AFTER: must be a whole number from 1 to 1000",
    ]);
    expect(issuesFor({ MAX_BURN_AFTER: "3", DEFAULT_BURN_AFTER: "4" })).toEqual([
      "DEFAULT_BURN_AFTER: must not be above MAX_BURN_AFTER",
    ]);
  });

  it("take MAX_FILE_COUNT, or its older name FILES_MAX_COUNT, refusing the two when they differ", () => {
    expect(maxFileCount(settings.parse({ MAX_FILE_COUNT: "3" }))).toBe(3);
    expect(maxFileCount(settings.parse({ FILES_MAX_COUNT: "4" }))).toBe(4);
    expect(maxFileCount(settings.parse({ MAX_FILE_COUNT: "5", FILES_MAX_COUNT: "5" }))).toBe(5);
    expect(issuesFor({ MAX_FILE_COUNT: "5", FILES_MAX_COUNT: "6" })).toEqual([
      "FILES_MAX_COUNT: is the older name of MAX_FILE_COUNT: set one, or both to the same value",
    ]);
    expect(issuesFor({ MAX_FILE_COUNT: "0" })).toEqual([
      "MAX_FILE_COUNT: must be a whole number from 1 to 1000",
    ]);
  });
});
