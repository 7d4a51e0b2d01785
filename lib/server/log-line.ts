/** Writes one JSON log line to stdout, stamped with the time: the server's only log format. */
export function writeLogLine(fields: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
}
