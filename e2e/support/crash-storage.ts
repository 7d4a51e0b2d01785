import pg from "pg";
import { createTestDatabase } from "../../lib/test/database";
import { expect } from "./fixtures";
import { startS3Server } from "./s3-server";
import { startServer, type ServerProcess } from "./server-process";

// A server killed (SIGKILL) while it writes a chunk, as e2e/api/files-crash.spec.ts (the CLI) and
// e2e/browser/files-crash.spec.ts (the page) stage it: the write is held in the store while the kill
// happens, by a lock on file_chunks for Postgres storage, by a stopped (SIGSTOP) s3rver for S3
// storage. Each storage has a database of its own.

type Installed = {
  env: Record<string, string>;
  databaseUrl: string;
  /** Makes the store's chunk writes wait until release. */
  hold: () => Promise<void>;
  release: () => Promise<void>;
  close: () => Promise<void>;
};

export async function onPostgres(): Promise<Installed> {
  const database = await createTestDatabase("files_crash");
  const locker = new pg.Client({ connectionString: database.url });
  await locker.connect();
  return {
    env: { DATABASE_URL: database.url },
    databaseUrl: database.url,
    hold: async () => {
      await locker.query("BEGIN");
      // SHARE conflicts with the ROW EXCLUSIVE an INSERT takes: the chunk's row waits.
      await locker.query("LOCK TABLE file_chunks IN SHARE MODE");
    },
    release: async () => void (await locker.query("ROLLBACK")),
    close: async () => {
      await locker.end();
      await database.drop();
    },
  };
}

export async function onS3(): Promise<Installed> {
  const database = await createTestDatabase("files_crash_s3");
  const s3 = await startS3Server();
  return {
    env: { DATABASE_URL: database.url, FILE_STORAGE: "s3", ...s3.variables },
    databaseUrl: database.url,
    hold: async () => void process.kill(s3.pid, "SIGSTOP"),
    release: async () => void process.kill(s3.pid, "SIGCONT"),
    close: async () => {
      await s3.remove();
      await database.drop();
    },
  };
}

/** How many chunks of all files are claimed by an upload now. */
export async function claimedChunks(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM note_files WHERE writing_since IS NOT NULL",
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Once the upload under way (started with the store held) has a chunk claimed, kills `server` while
 * the chunk's write waits in the store, lets the store go on, and starts a server in its place on
 * the same port (the client keeps sending there): answers that one.
 */
export async function killWhileWriting(installed: Installed, server: ServerProcess) {
  await expect.poll(() => claimedChunks(installed.databaseUrl), { intervals: [50] }).toBe(1);
  expect(await server.stop("SIGKILL")).toBe(null);
  await installed.release();
  return startServer({ port: server.port, env: installed.env });
}
