import { randomBytes } from "node:crypto";
import { claimedChunks, killWhileWriting, onPostgres, onS3 } from "../support/crash-storage";
import { MiB } from "../support/files";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { expect, test } from "./browser-test";
import { expectReadable, startCreate } from "./file-resume";

// The create page's upload, its server killed (SIGKILL) while it writes a chunk and started again
// in its place (e2e/support/crash-storage.ts): the page sends the chunk again, is told it is in
// progress (409 chunk_in_progress, Retry-After) rather than stored, waits, and finishes from the
// server's own count. (The CLI: e2e/api/files-crash.spec.ts.)

for (const [storage, install] of [
  ["Postgres", onPostgres],
  ["S3", onS3],
] as const) {
  test(`on ${storage} storage: the page's upload goes on after its server is killed while it writes a chunk`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(timeouts.serverTest);
    const installed = await install();
    let server: ServerProcess | undefined;
    try {
      server = await startServer({ env: installed.env });
      const buffer = randomBytes(3 * MiB + 5);
      await installed.hold();
      await startCreate(page, server.url, buffer);
      server = await killWhileWriting(installed, server);
      // The claim lapses 30 s after it was made; the page waits for it, not for its own pauses.
      await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible({
        timeout: timeouts.serverStart,
      });
      await expectReadable(page, browser, buffer);
      expect(await claimedChunks(installed.databaseUrl)).toBe(0);
      expect(server.stdout()).toMatch(/"method":"PUT"[^\n]*"status":409/);
    } finally {
      await server?.stop();
      await installed.close();
    }
  });
}
