import { processSingleton } from "./process-singleton";
import { errorFields } from "./describe-error";
import { writeLogLine } from "./log-line";

// Work to finish before the process exits (closing the database pool, releasing the embedded
// database's lock), registered by whatever opened it; scripts/start.ts runs the list as it stops.
type Hook = () => Promise<void> | void;

const hooks = processSingleton("shutdown-hooks", () => new Set<Hook>());

export function onShutdown(hook: Hook): void {
  hooks.add(hook);
}

/**
 * Runs every hook once, the last added first (what started later may depend on what started
 * earlier); a failing hook does not stop the others.
 */
export async function runShutdownHooks(): Promise<void> {
  const all = [...hooks].reverse();
  hooks.clear();
  for (const hook of all) {
    try {
      await hook();
    } catch (error) {
      writeLogLine({ level: "error", msg: "shutdown step failed", ...errorFields(error) });
    }
  }
}
