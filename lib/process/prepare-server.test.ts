import { describe, expect, it, vi } from "vitest";
import { databaseStillOpening } from "../db/database-unavailable";
import { logLinesOf } from "../test/log-lines";
import { prepareServer } from "./prepare-server";

// A database that is away at start is a warning in the log (one JSON line), not the end of the start:
// the server listens and answers 503 until it comes back.

vi.mock("../db", () => ({ openDatabase: () => Promise.reject(databaseStillOpening()) }));
// Which store counts is said in a plain start-up line (docs/development.md); not this test's business.
vi.mock("../rate-limit/store", () => ({ rateLimitStore: () => undefined }));

describe("prepareServer", () => {
  it("logs a database that is not ready yet as one warning, with the reason as a field", async () => {
    expect(await logLinesOf(prepareServer)).toEqual([
      {
        level: "warn",
        msg: "the database is not ready yet: requests answer 503 and retry it",
        reason: "The database is still being opened (see the log).",
      },
    ]);
  });
});
