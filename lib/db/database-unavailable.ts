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
  severity?: unknown;
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

// Whether a statement that failed as unavailable may have run all the same: its connection broke or
// went silent after it was sent, so it may have committed with only its reply lost (503
// outcome_unknown), or else it never ran (503 unavailable: no connection was had, or the database
// itself reported the statement failed, which rolls it back). lib/db/pg-statements.ts and lib/db.ts
// mark what they know; errors that arrive unmarked (through Prisma) are judged by their kind.

const statementMark = "notesStatement";
type StatementMark = "sent" | "not_sent";

/** Marks `error` as the failure of a statement that was, or was not, sent; returns it. */
export function markStatement<E>(error: E, mark: StatementMark): E {
  if (typeof error === "object" && error !== null && !Object.hasOwn(error, statementMark)) {
    Object.defineProperty(error, statementMark, { value: mark });
  }
  return error;
}

const neverConnected = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "P1001",
  "P2024",
  stillOpeningCode,
  embeddedStoppedCode,
  "DatabaseNotReachable",
  "TooManyConnections",
]);

function neverRan(error: ErrorLike): boolean {
  const code = typeof error.code === "string" ? error.code : "";
  const kind = typeof error.kind === "string" ? error.kind : "";
  // Only the database's own errors carry a severity (pg, PGlite) or an originalCode (Prisma).
  const fromDatabase = typeof error.originalCode === "string" || typeof error.severity === "string";
  const sqlState = typeof error.originalCode === "string" ? error.originalCode : code;
  const message = typeof error.message === "string" ? error.message : "";
  // A SQLSTATE the database sent about the statement itself (not about a lost connection or a
  // shutdown) means it failed, and a failed statement is rolled back.
  const reportedFailure =
    fromDatabase &&
    /^[0-9A-Z]{5}$/.test(sqlState) &&
    !sqlState.startsWith("08") &&
    !sqlState.startsWith("57P");
  return (
    neverConnected.has(code) ||
    neverConnected.has(kind) ||
    reportedFailure ||
    /^timeout exceeded when trying to connect$|is not queryable$/.test(message)
  );
}

function errorChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  const visit = (candidate: unknown, depth: number) => {
    if (typeof candidate !== "object" || candidate === null || depth > 5) return;
    const layer = candidate as ErrorLike;
    chain.push(layer);
    visit(layer.cause, depth + 1);
    visit(layer.meta?.driverAdapterError, depth + 1);
  };
  visit(error, 0);
  return chain;
}

/** For an unavailable error: whether its statement may have run (outcome unknown). */
export function statementMayHaveRun(error: unknown): boolean {
  const chain = errorChain(error);
  const marked = chain.find((layer) => Object.hasOwn(layer, statementMark)) as
    Record<typeof statementMark, StatementMark> | undefined;
  if (marked) return marked[statementMark] === "sent" && !chain.some(neverRan);
  return !chain.some(neverRan);
}
