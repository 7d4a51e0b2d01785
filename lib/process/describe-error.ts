// What the log may say about an unexpected error: its class, its code (a SQLSTATE, a socket
// error's), and where in our code it was thrown. Never its message or its fields: a database error
// carries the statement's values in `detail`, a driver's error the rows it could not write, and a
// message can quote any of them, so a note's text, a password hash or a token would reach the log.

type ErrorFields = { code?: unknown; stack?: unknown };

function codeOf(error: unknown): string | null {
  const { code } = (typeof error === "object" && error !== null ? error : {}) as ErrorFields;
  return typeof code === "string" || typeof code === "number" ? String(code) : null;
}

/** The stack's frames without its first line, which is the message. */
function framesOf(error: unknown): string {
  if (!(error instanceof Error) || typeof error.stack !== "string") return "";
  const frames = error.stack.split("\n").filter((line) => /^\s+at /.test(line));
  return frames.length ? `\n${frames.join("\n")}` : "";
}

/** `DatabaseError (code 23505)`: the error's class and code, all a one-line log may say of it. */
export function errorSummary(error: unknown): string {
  const name = error instanceof Error ? error.constructor.name : typeof error;
  const code = codeOf(error);
  return `${name}${code ? ` (code ${code})` : ""}`;
}

/** One log entry for `error`: its summary, then its stack's frames, and its cause's the same way. */
export function describeError(error: unknown, depth = 0): string {
  const cause = error instanceof Error && error.cause !== undefined && depth < 3 ? error.cause : undefined;
  const own = `${errorSummary(error)}${framesOf(error)}`;
  return cause === undefined ? own : `${own}\ncaused by ${describeError(cause, depth + 1)}`;
}
