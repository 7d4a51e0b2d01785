import { afterEach, describe, expect, it, vi } from "vitest";
import { readGroups } from "./groups-claim";

/** The log lines written while `run` runs (they leave at the next turn of the event loop). */
async function logLines(run: () => void): Promise<Record<string, unknown>[]> {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  run();
  await new Promise((resolve) => setImmediate(resolve));
  const text = write.mock.calls.map(([chunk]) => String(chunk)).join("");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => vi.restoreAllMocks());

describe("the groups claim", () => {
  it("is an array of strings, kept as it is; absent, no group", () => {
    expect(readGroups("groups", ["staff", "Notes Admins", ""])).toEqual(["staff", "Notes Admins", ""]);
    expect(readGroups("groups", [])).toEqual([]);
    expect(readGroups("groups", undefined)).toEqual([]);
  });

  it("counts no group when it is anything else, logged once at warn without its values", async () => {
    const lines = await logLines(() => {
      expect(readGroups("roles", "notes-admins")).toEqual([]);
      expect(readGroups("roles", ["notes-admins", 7])).toEqual([]);
      expect(readGroups("roles", { "notes-admins": true })).toEqual([]);
      expect(readGroups("roles", null)).toEqual([]);
    });
    expect(lines).toEqual([
      expect.objectContaining({ level: "warn", msg: "groups claim ignored", claim: "roles", type: "string" }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("notes-admins");
  });
});
