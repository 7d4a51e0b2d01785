// What the log may say about an unexpected error: its class, its code (a SQLSTATE, a socket
// error's), and where in our code it was thrown. Never its message or its fields: a database error
// carries the statement's values in `detail`, a driver's error the rows it could not write, and a
// message can quote any of them (`invalid input syntax for type uuid: "<what the client sent>"`),
// so a note's text, a password hash or a token would reach the log.

type RawFields = {
  code?: unknown;
  originalCode?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
  severity?: unknown;
};

function fieldsOf(error: unknown): RawFields {
  return (typeof error === "object" && error !== null ? error : {}) as RawFields;
}

function textOf(value: unknown): string | null {
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}

/**
 * The SQLSTATE a wrapped database error carries (Prisma's request errors hold the driver adapter's
 * error, which holds it as `originalCode`), or null.
 */
function sqlStateOf(error: unknown, depth = 0): string | null {
  if (depth > 5) return null;
  const fields = fieldsOf(error);
  const inner = fields.meta?.driverAdapterError ?? fields.cause;
  return textOf(fields.originalCode) ?? (inner === undefined ? null : sqlStateOf(inner, depth + 1));
}

/**
 * The error's class. A Postgres error is a DatabaseError whoever raised it: PGlite's class is
 * minified (`O`), so it is named by what it carries (a severity) instead.
 */
function classOf(error: unknown): string {
  return error instanceof Error ? error.constructor.name : typeof error;
}

/** The stack's frames without its first line, which is the message. */
function framesOf(error: unknown): string[] {
  if (!(error instanceof Error) || typeof error.stack !== "string") return [];
  return error.stack
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("at "));
}

/**
 * `DatabaseError (code 23505)`: the error's class and code, all a one-line log may say of it. A
 * wrapper's own code is followed by the SQLSTATE it wraps: `PrismaClientKnownRequestError (code
 * P2010, SQLSTATE 53100)`.
 */
export function errorSummary(error: unknown): string {
  const name = typeof fieldsOf(error).severity === "string" ? "DatabaseError" : classOf(error);
  const code = textOf(fieldsOf(error).code);
  const sqlState = sqlStateOf(error);
  const codes = [code && `code ${code}`, sqlState && sqlState !== code && `SQLSTATE ${sqlState}`];
  const said = codes.filter(Boolean).join(", ");
  return said ? `${name} (${said})` : name;
}

type ErrorFields = { error: string; stack?: string[]; cause?: ErrorFields };

/**
 * A log line's fields for `error`: its summary (`error`), its stack's frames (`stack`), and its
 * cause's the same way (`cause`, three deep at most).
 */
export function errorFields(error: unknown, depth = 0): ErrorFields {
  const cause = error instanceof Error && error.cause !== undefined && depth < 3 ? error.cause : undefined;
  const stack = framesOf(error);
  return {
    error: errorSummary(error),
    ...(stack.length > 0 && { stack }),
    ...(cause !== undefined && { cause: errorFields(cause, depth + 1) }),
  };
}
