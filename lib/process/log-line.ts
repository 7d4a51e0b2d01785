// The server's only log format: one JSON object per line on stdout, stamped with the time, with a
// level and a message (`msg`) and the request's id (`request_id`) where there is one. Only what a
// person reads while the server starts (docs/development.md#the-log-one-json-line-per-event) and a
// start that fails stay plain text.
//
// Lines go out in one write per event-loop turn. Under load many requests finish in the same turn,
// and stdout (a file or a pipe) is written synchronously on Linux: one system call per turn instead
// of one per request. Whatever is pending when the process exits is written then.
let pending = "";

function flush(): void {
  if (pending === "") return;
  const lines = pending;
  pending = "";
  process.stdout.write(lines);
}

process.on("exit", flush);

// Under load many lines fall in the same millisecond; its text is made once.
let stampedAt = NaN;
let stamp = "";

function timeStamp(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = new Date(now).toISOString();
  }
  return stamp;
}

/**
 * Queues one line whose fields the caller has written as JSON already, without the braces
 * (`"level":"info","msg":"request",…`); the time goes in front.
 */
export function writeLogFields(json: string): void {
  if (pending === "") setImmediate(flush);
  pending += `{"time":"${timeStamp()}",${json}}\n`;
}

export type LogLevel = "info" | "warn" | "error" | "fatal";

/** Queues one JSON log line. */
export function writeLogLine(fields: { level: LogLevel; msg: string } & Record<string, unknown>): void {
  writeLogFields(JSON.stringify(fields).slice(1, -1));
}
