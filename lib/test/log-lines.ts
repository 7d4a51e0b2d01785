import { vi } from "vitest";

// What code writes to the server's log while `run` runs: every stdout line parsed as JSON (a line
// that is not one fails the test), checked for its time stamp and returned without it, since the
// time changes from run to run; and whatever reached stderr, which the log never writes to.

export type LogOutput = { lines: Record<string, unknown>[]; stderr: string };

export async function logOutputOf(run: () => unknown): Promise<LogOutput> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const capture = (into: string[]) => (chunk: unknown) => {
    into.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture(stdout));
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture(stderr));
  try {
    await run();
    // The log writes its lines on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  const lines = stdout
    .join("")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const { time, ...fields } = JSON.parse(line) as Record<string, unknown>;
      if (typeof time !== "string" || new Date(time).toISOString() !== time) {
        throw new Error(`A log line without an ISO time stamp: ${line}`);
      }
      return fields;
    });
  return { lines, stderr: stderr.join("") };
}

/** The log lines `run` writes, when it writes nothing to stderr. */
export async function logLinesOf(run: () => unknown): Promise<Record<string, unknown>[]> {
  const { lines, stderr } = await logOutputOf(run);
  if (stderr !== "") throw new Error(`Written to stderr instead of the log: ${stderr}`);
  return lines;
}
