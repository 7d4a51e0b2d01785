import { describe, expect, it } from "vitest";
import { databaseStillOpening, isDatabaseUnavailable } from "./database-unavailable";

// The shapes seen from node-postgres and Prisma 7's pg adapter when the database went away
// (e2e/api/outage.spec.ts produces them for real), and errors that are bugs instead.
const socketError = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
  code: "ECONNREFUSED",
  syscall: "connect",
  errno: -111,
});
const prismaError = (code: string, driverAdapterError?: unknown) =>
  Object.assign(new Error(`\nInvalid invocation:\n\nRaw query failed.`), {
    code,
    meta: { driverAdapterError },
  });

describe("isDatabaseUnavailable", () => {
  it("recognises outages in every wrapping", () => {
    for (const error of [
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("Query read timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("timeout expired"),
      Object.assign(new Error("could not extend file: No space left on device"), { code: "53100" }),
      Object.assign(new Error("write failed"), { code: "ENOSPC" }),
      socketError,
      prismaError("P1001"),
      prismaError("P2010", { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } }),
      prismaError("P2010", { cause: { kind: "postgres", originalCode: "57014" } }),
      prismaError("P2010", { cause: { kind: "postgres", originalCode: "57P01" } }),
      prismaError("P2010", { cause: { kind: "postgres", originalCode: "08006" } }),
      new Error("wrapped", { cause: socketError }),
      new Error("The migration lock is held by ...", {
        cause: Object.assign(new Error("x"), { code: "55P03" }),
      }),
      databaseStillOpening(),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it("leaves bugs and other database errors alone", () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined"),
      prismaError("P2002"),
      prismaError("P2010", { cause: { kind: "postgres", originalCode: "42601" } }),
      prismaError("P2010", { cause: { kind: "UniqueConstraintViolation", originalCode: "23505" } }),
      "Connection terminated unexpectedly",
      null,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
