import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { startS3Server, type S3Server } from "./s3-server";
import { startServer, type ServerProcess } from "./server-process";

// The servers the files specs start besides the shared one (Postgres, chunks as rows): one on the
// embedded database, and one with FILE_STORAGE=s3 storing in an s3rver of its own. Each has a
// database of its own, so what its store holds is that server's alone.

export interface FileServer {
  url: string;
  server: ServerProcess;
  /** Stops the server and removes all it stored. */
  close(): Promise<void>;
}

/** `npm start` without DATABASE_URL: PGlite in a new folder, with the key it makes itself. */
export async function startEmbeddedServer(): Promise<FileServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "notes-files-pglite-"));
  const close = async (server?: ServerProcess) => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await startServer({
      env: { DATA_DIR: dataDir, DATABASE_URL: undefined, ENCRYPTION_KEYS: undefined },
    });
    return { url: server.url, server, close: () => close(server) };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface S3FileServer extends FileServer {
  s3: S3Server;
  databaseUrl: string;
}

/** A server with FILE_STORAGE=s3, its bucket in an s3rver, each on a free port. */
export async function startS3FileServer(
  options: { env?: Record<string, string> } = {},
): Promise<S3FileServer> {
  const name = `notes_e2e_files_s3_${randomBytes(5).toString("hex")}`;
  const databaseUrl = await createDatabase(name);
  let s3: S3Server | undefined;
  let server: ServerProcess | undefined;
  const close = async () => {
    await server?.stop();
    await s3?.remove();
    await dropDatabase(name);
  };
  try {
    s3 = await startS3Server();
    server = await startServer({
      env: { DATABASE_URL: databaseUrl, FILE_STORAGE: "s3", ...s3.variables, ...options.env },
    });
    return { url: server.url, server, s3, databaseUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}
