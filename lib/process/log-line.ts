// The server's only log format: one JSON object per line on stdout, stamped with the time.
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

/**
 * Queues one JSON log line, written before the next turn of the event loop. The time goes in front
 * as text: a copy of `fields` with it added cost a request's line about half of its 8 µs.
 */
export function writeLogLine(fields: { msg: string } & Record<string, unknown>): void {
  if (pending === "") setImmediate(flush);
  pending += `{"time":"${new Date().toISOString()}",${JSON.stringify(fields).slice(1)}\n`;
}
