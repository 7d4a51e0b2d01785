import { processSingleton } from "./process-singleton";

// Whether this process has been told to stop (SIGTERM): the health route then answers 503
// "draining" at once, so that a load balancer stops sending it new requests while it still answers
// them (docs/deployment.md, "Several instances"). Shared by every copy of lib/ in the
// process (lib/process/process-singleton.ts): scripts/start.ts sets it, Next.js's routes read it.

const state = processSingleton("draining", () => ({ draining: false }));

export function startDraining(): void {
  state.draining = true;
}

export const isDraining = (): boolean => state.draining;
