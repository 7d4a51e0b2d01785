import { describe, expect, it, vi } from "vitest";
import { logLinesOf } from "../test/log-lines";
import { checkHealth } from "./check-health";

// A failed check is one JSON line naming the check and the error's class and code, never its
// message (a database's can quote a statement's values).

const marker = `marker-${Math.random().toString(36).slice(2)}`;

vi.mock("../db", () => ({
  pingDatabase: () => Promise.reject(Object.assign(new Error(marker), { code: "ECONNREFUSED" })),
}));
vi.mock("../rate-limit/store", () => ({
  checkRateLimitStore: () => Promise.resolve({ backend: "memory", ok: true }),
}));

describe("checkHealth", () => {
  it("logs the failed check by name and the error by class and code", async () => {
    const lines = await logLinesOf(async () => expect((await checkHealth()).status).toBe("unavailable"));
    expect(lines).toEqual([
      { level: "error", msg: "health check failed", check: "database", error: "Error (code ECONNREFUSED)" },
    ]);
    expect(JSON.stringify(lines)).not.toContain(marker);
  });
});
