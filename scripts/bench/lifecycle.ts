import { stopLoad } from "./load";

// How `npm run bench` ends: cleanup steps undone in reverse order, once, whether the run ends, fails
// or is interrupted. A signal and the failing main flow both call cleanUp: they must share one pass,
// or the first to finish would exit while the other is still dropping the database.

class Interrupted extends Error {}

export const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
      await undo().catch((error: unknown) => console.error("Cleanup step failed:", error));
    }
  })();
  return cleaning;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the load, the servers, and dropping the database.`);
    stopLoad();
    void cleanUp().finally(() => process.exit(130));
  });
}

export function checkInterrupted(): void {
  if (interrupted) throw new Interrupted();
}

/** Runs the benchmark, then the cleanup, and exits: 0 when it worked, whatever the targets say. */
export function runToEnd(main: () => Promise<void>): void {
  // A stray rejection must not skip the cleanup and leave a database behind.
  process.on("unhandledRejection", (error) => {
    console.error("The benchmark failed:", error);
    void cleanUp().finally(() => process.exit(1));
  });
  main()
    .then(cleanUp)
    .then(() => process.exit(0))
    .catch(async (error: unknown) => {
      if (!(error instanceof Interrupted)) console.error("The benchmark failed:", error);
      await cleanUp();
      process.exit(interrupted ? 130 : 1);
    });
}
