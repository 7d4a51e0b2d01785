import { processSingleton } from "./process-singleton";

// Start-up work that runs inside Next.js (instrumentation.ts opens the database and migrates it)
// is started by Next.js as it prepares, without anyone waiting for it. scripts/start.ts waits here
// for its end before it listens, so a server that accepts connections is ready to answer them,
// and one whose start failed has exited instead of listening.
type Startup = { finished: Promise<void>; finish: () => void };

const startup = processSingleton("startup", (): Startup => {
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return { finished, finish };
});

/** Resolves once instrumentation.ts's start-up work is done. */
export const startupFinished = (): Promise<void> => startup.finished;

export const finishStartup = (): void => startup.finish();
