import { randomFile, savedSha256 } from "../support/cli-files";
import { claimedChunks, killWhileWriting, onPostgres, onS3 } from "../support/crash-storage";
import { MiB } from "../support/files";
import { expect, test } from "../support/fixtures";
import { notesCli } from "../support/notes-cli";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// A server killed (SIGKILL) while it writes a chunk leaves the chunk claimed and not stored
// (e2e/support/crash-storage.ts stages it). The command-line client, sending again to the server
// started in its place, finishes the upload: the claim answers 409 chunk_in_progress with
// Retry-After (never chunk_exists, which made the client skip the chunk and fail on the next one),
// and the client goes on from the server's own count. (The page: e2e/browser/files-crash.spec.ts.)

for (const [storage, install] of [
  ["Postgres", onPostgres],
  ["S3", onS3],
] as const) {
  test(`on ${storage} storage: the CLI's upload goes on after its server is killed while it writes a chunk`, async () => {
    test.setTimeout(timeouts.serverTest);
    const installed = await install();
    let server: ServerProcess | undefined;
    try {
      server = await startServer({ env: installed.env });
      const { file, sha256 } = await randomFile("crash.bin", 3 * MiB + 5);
      await installed.hold();
      const running = notesCli(["create", "--file", file], { env: { NOTES_SERVER: server.url } });
      server = await killWhileWriting(installed, server);
      const created = await running;
      expect(created, created.stderr).toMatchObject({
        code: 0,
        stderr: expect.stringMatching(/^delete-token: /),
      });
      expect(await claimedChunks(installed.databaseUrl)).toBe(0);
      expect(await savedSha256(created.stdout.trimEnd(), "crash.bin")).toBe(sha256);
      // The server in its place answered the retried chunk as in progress first, not as stored.
      expect(server.stdout()).toMatch(/"method":"PUT"[^\n]*"status":409/);
    } finally {
      await server?.stop();
      await installed.close();
    }
  });
}
