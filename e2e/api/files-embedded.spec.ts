import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "../support/fixtures";
import { describeFileTransfers } from "../support/file-suite";
import { testPorts } from "../support/ports";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// The same transfers on the embedded database (no DATABASE_URL): chunks stored as rows of PGlite.

test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  dataDir = await mkdtemp(path.join(tmpdir(), "notes-files-pglite-"));
  server = await startServer({
    port: testPorts.filesEmbedded,
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined, ENCRYPTION_KEYS: undefined },
  });
});

test.afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

describeFileTransfers(() => server.url);
