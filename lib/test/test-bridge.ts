import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { startUpstashBridge, type UpstashBridge } from "../../e2e/support/upstash-bridge";

/**
 * Upstash's REST protocol in front of the machine's Redis (e2e/support/upstash-bridge.ts), for a
 * test file: started before its tests, and after them closed, with every key under the file's own
 * random `prefix` deleted.
 */
export function testBridge(): { prefix: string; bridge: UpstashBridge } {
  const prefix = `notes-test:${randomBytes(6).toString("hex")}`;
  let started: UpstashBridge | undefined;
  beforeAll(async () => {
    started = await startUpstashBridge({});
  });
  afterAll(async () => {
    await started?.deleteKeys(prefix);
    await started?.close();
  });
  return {
    prefix,
    get bridge() {
      if (!started) throw new Error("The bridge starts before the file's tests.");
      return started;
    },
  };
}
