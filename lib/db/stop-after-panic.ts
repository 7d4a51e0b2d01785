import type { PGlite } from "@electric-sql/pglite";
import { reportFatalError } from "../process/fatal-error";
import { embeddedDatabaseStopped } from "./database-unavailable";

// Postgres answers some faults with PANIC (a WAL write that fails, as on a full disk): a server
// would restart and recover from its WAL. Inside PGlite nothing restarts: the next statement spins
// at full CPU and never returns, and every request waits on it. So after a PANIC (or a FATAL, which
// ends the backend as well) this instance is never called again: each statement fails at once as
// unavailable (503), the process is reported as needing a restart, and closing it only releases
// the lock. A restart recovers from the WAL, as Postgres does; what was acknowledged was synced.

type Fields = { severity?: unknown; code?: unknown };
type ProtocolCall = (...args: unknown[]) => Promise<unknown>;

const fatalSeverities = new Set(["PANIC", "FATAL"]);

// The one line the log gets: never the error's message, which may quote a statement's values.
function fatalLine(severity: string, code: string): string {
  const cause = code === "53100" ? ": the disk is full" : "";
  return (
    `The embedded database stopped after a ${severity} (SQLSTATE ${code}${cause}). Exiting with code 1; ` +
    "started again, it recovers from its write-ahead log."
  );
}

/**
 * Guards `pglite` (PGlite's internals: every statement goes through `execProtocolRaw`, its errors
 * surface in `execProtocol` and `execProtocolStream`); returns whether it has stopped.
 */
export function stopAfterPanic(pglite: PGlite): { stopped: () => boolean } {
  const calls = pglite as unknown as Record<string, ProtocolCall | undefined>;
  let stopped = false;
  for (const name of ["execProtocolRaw", "execProtocol", "execProtocolStream"]) {
    const call = calls[name]?.bind(pglite);
    if (!call) throw new Error(`This PGlite version has no ${name} (lib/db/stop-after-panic.ts).`);
    calls[name] = async (...args: unknown[]) => {
      if (stopped) throw embeddedDatabaseStopped();
      try {
        return await call(...args);
      } catch (error) {
        const { severity, code } = error as Fields;
        if (!stopped && typeof severity === "string" && fatalSeverities.has(severity)) {
          stopped = true;
          reportFatalError(fatalLine(severity, String(code)));
        }
        throw error;
      }
    };
  }
  return { stopped: () => stopped };
}
