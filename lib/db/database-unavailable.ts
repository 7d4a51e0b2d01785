// Whether an error means "the database cannot answer right now" (down, unreachable, too slow,
// out of connections) rather than a bug. Such errors are 503 unavailable, and the pool reconnects
// by itself once the database is back. Errors arrive in several wrappings: node-postgres's own
// (plain Errors, socket errors), Prisma's driver-adapter errors (a `kind`, the SQLSTATE as
// `originalCode`) and Prisma's request errors (`meta.driverAdapterError`), so the chain is walked.

const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "EHOSTUNREACH",
  // the embedded database's disk is full
  "ENOSPC",
]);

// Prisma: can't reach, timed out, server closed the connection, connection pool timeout.
const prismaCodes = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

const adapterKinds = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

// SQLSTATE: statement timeout or cancel, server shutting down or starting, too many connections,
// disk full (it recovers by itself once space is freed), a lock not granted within lock_timeout
// (the migration's, held by another process: lib/db/migrate.ts).
const sqlStates = new Set(["57014", "57P01", "57P02", "57P03", "53300", "53100", "55P03"]);

// lib/db.ts: a request waited its time for a database that is still being opened.
const stillOpeningCode = "NOTES_DATABASE_STILL_OPENING";

export function databaseStillOpening(): Error {
  return Object.assign(new Error("The database is still being opened (see the log)."), {
    code: stillOpeningCode,
  });
}

// lib/db/stop-after-panic.ts: the embedded database stopped after a PANIC (a full disk); the process
// is stopping so that a fresh one recovers it.
const embeddedStoppedCode = "NOTES_EMBEDDED_DATABASE_STOPPED";

export function embeddedDatabaseStopped(): Error {
  return Object.assign(
    new Error("The embedded database stopped after a fatal error; the process restarts."),
    {
      code: embeddedStoppedCode,
    },
  );
}

// node-postgres reports a lost or timed-out connection as a plain Error with one of these messages.
const driverMessages = [
  /^Connection terminated/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout expired$/,
];

type ErrorLike = {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

function meansUnavailable(error: ErrorLike): boolean {
  const code = typeof error.code === "string" ? error.code : "";
  const sqlState = typeof error.originalCode === "string" ? error.originalCode : code;
  const message = typeof error.message === "string" ? error.message : "";
  return (
    socketCodes.has(code) ||
    code === stillOpeningCode ||
    code === embeddedStoppedCode ||
    prismaCodes.has(code) ||
    (typeof error.kind === "string" && adapterKinds.has(error.kind)) ||
    sqlStates.has(sqlState) ||
    sqlState.startsWith("08") ||
    driverMessages.some((pattern) => pattern.test(message))
  );
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const candidate = error as ErrorLike;
  return (
    meansUnavailable(candidate) ||
    isDatabaseUnavailable(candidate.cause, depth + 1) ||
    isDatabaseUnavailable(candidate.meta?.driverAdapterError, depth + 1)
  );
}
