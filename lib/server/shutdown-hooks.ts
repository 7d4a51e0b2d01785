// Work to finish before the process exits (closing the database pool, releasing the embedded
// database's lock). Next.js bundles its own copy of lib/, so the list lives on globalThis where the
// front server and the bundled route code both find it.
type Hook = () => Promise<void> | void;

const key = Symbol.for("notes.shutdown-hooks");
const store = globalThis as unknown as { [key]?: Set<Hook> };

function hooks(): Set<Hook> {
  store[key] ??= new Set();
  return store[key];
}

export function onShutdown(hook: Hook): void {
  hooks().add(hook);
}

/**
 * Runs every hook once, the last added first (what started later may depend on what started
 * earlier, as the cleanup timer does on the database); a failing hook does not stop the others.
 */
export async function runShutdownHooks(): Promise<void> {
  const all = [...hooks()].reverse();
  hooks().clear();
  for (const hook of all) {
    try {
      await hook();
    } catch (error) {
      console.error("Shutdown step failed:", error);
    }
  }
}
