import { writeLogLine } from "./log-line";
import { processSingleton } from "./process-singleton";

// A fault after which this process cannot serve again, however long it waits (the embedded
// database stopped after a PANIC): whoever owns the process stops it with exit code 1, so that a
// supervisor starts a fresh one. scripts/start.ts listens; with nobody listening (next dev, a
// platform's function) the process exits with the line at once.
type Listener = (line: string) => void;

const listeners = processSingleton("fatal-error-listeners", () => new Set<Listener>());

export function onFatalError(listener: Listener): void {
  listeners.add(listener);
}

/** Reports the fault in one log line (level fatal), then lets the owner stop the process. */
export function reportFatalError(line: string): void {
  writeLogLine({ level: "fatal", msg: line });
  if (listeners.size === 0) process.exit(1);
  for (const listener of listeners) listener(line);
}
