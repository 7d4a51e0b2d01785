import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { databaseUrl, expect, test } from "../support/fixtures";
import { listeningPort } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// Every command reads its settings the same way: the environment, then the project's .env files.
// Each test runs the commands as an operator would (`npm run ...`) in a project folder of its own:
// links to every file of this checkout except its .env files and data, plus the .env under test,
// so the checkout the other tests run in is never touched.

const root = process.cwd();
const folders: string[] = [];
test.afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function projectWith(dotenv: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "notes-dotenv-"));
  folders.push(folder);
  for (const entry of readdirSync(root)) {
    if (!/^(\.env.*|\.data|\.git|test-results)$/.test(entry)) {
      symlinkSync(path.join(root, entry), path.join(folder, entry));
    }
  }
  writeFileSync(path.join(folder, ".env"), dotenv);
  return folder;
}

/** The environment the tests run in, without the settings each test gives through .env. */
function environment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ["PORT", "DATABASE_URL", "DATA_DIR", "PUBLIC_URL"]) delete env[name];
  return env;
}

async function npmRun(folder: string, ...args: string[]) {
  return npmRunIn(environment(), folder, ...args);
}

async function npmRunIn(env: NodeJS.ProcessEnv, folder: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)("npm", ["run", "--silent", ...args], {
      cwd: folder,
      env,
      timeout: timeouts.cli,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test("a bad value in .env stops every command with the same message and exit code", async () => {
  test.setTimeout(timeouts.serverTest);
  const folder = projectWith("PORT=not-a-port\n");
  const expected =
    "Invalid configuration (see .env.example):\n  PORT: must be a whole number from 0 to 65535\n";
  for (const command of [["start"], ["keys", "--", "list"], ["cleanup"], ["db:migrate"], ["bench"]]) {
    const result = await npmRun(folder, ...command);
    expect({ command: command[0], code: result.code, stderr: result.stderr, stdout: result.stdout }).toEqual({
      command: command[0],
      code: 1,
      stderr: expected,
      stdout: "",
    });
  }
});

test("with DATABASE_URL and no ENCRYPTION_KEYS every command refuses, says why, and how to make a key", async () => {
  test.setTimeout(timeouts.serverTest);
  const folder = projectWith(`DATABASE_URL=${databaseUrl}\n`);
  const env = environment();
  delete env.ENCRYPTION_KEYS;
  const command = `node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`;
  for (const script of [["start"], ["keys", "--", "list"], ["reseal"]]) {
    const result = await npmRunIn(env, folder, ...script);
    expect({ script: script[0], code: result.code, stdout: result.stdout }).toEqual({
      script: script[0],
      code: 1,
      stdout: "",
    });
    // The message says how to generate a key and never holds one: stderr ends up in logs.
    expect(result.stderr).toBe(
      "Invalid configuration (see .env.example):\n" +
        "  ENCRYPTION_KEYS: must be set with DATABASE_URL. Notes are stored sealed with this key: " +
        "every instance must use the same one, and losing it loses every note, so keep a copy " +
        `somewhere safe. Generate one with: ${command}\n`,
    );
    expect(result.stderr).not.toMatch(/[\w-]{43}|[A-Za-z0-9+/]{43}=/);
  }
  // The command it names prints a key of the form ENCRYPTION_KEYS takes (43 base64url characters).
  const { stdout } = await promisify(execFile)("sh", ["-c", command], { env });
  expect(stdout).toMatch(/^[\w-]{43}\n$/);
});

test("npm run keys reads DATABASE_URL from .env: the key it issues works on the server", async ({ api }) => {
  const folder = projectWith(`DATABASE_URL=${databaseUrl}\nDATA_DIR=${path.join(tmpdir(), "unused")}\n`);
  const issued = await npmRun(folder, "keys", "--", "issue", "--label", "from-dotenv");
  expect(issued.code).toBe(0);
  const key = issued.stdout.trimEnd().split("\n").at(-1) ?? "";
  const { response } = await api.create({ content: "c", format: "html", ttl: "1h" }, { "x-api-key": key });
  expect(response.status()).toBe(201);
});

/**
 * Runs `npm start` in `folder` (whose .env says PORT=0) until `during` (called once its health route
 * answers) is done; the port it took.
 */
async function whileServing(folder: string, during: () => Promise<void> = async () => {}) {
  const server = spawn("npm", ["start", "--silent"], { cwd: folder, env: environment(), detached: true });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  let stdout = "";
  server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  try {
    await expect.poll(() => listeningPort(stdout), { timeout: timeouts.serverStart }).toBeDefined();
    const port = listeningPort(stdout);
    await expect
      .poll(async () =>
        fetch(`http://127.0.0.1:${port}/api/v1/health`)
          .then((response) => response.status)
          .catch(() => 0),
      )
      .toBe(200);
    await during();
    return port;
  } finally {
    process.kill(-(server.pid ?? 0), "SIGTERM");
    await exited;
  }
}

test("npm start takes PORT and DATABASE_URL from .env", async () => {
  test.setTimeout(timeouts.serverTest);
  // Without .env's PORT=0 it would listen on the default, 3000; the system hands out free ports far above.
  expect(await whileServing(projectWith(`PORT=0\nDATABASE_URL=${databaseUrl}\n`))).not.toBe(3000);
});

test("npm run keys beside npm start on the embedded database: exit 1, naming /admin as the way while it runs", async () => {
  test.setTimeout(timeouts.serverTest);
  const dataDir = mkdtempSync(path.join(tmpdir(), "notes-embedded-keys-"));
  folders.push(dataDir);
  const folder = projectWith(`PORT=0\nDATA_DIR=${dataDir}\n`);
  await whileServing(folder, async () => {
    const issued = await npmRun(folder, "keys", "--", "issue", "--label", "beside-the-server");
    expect({ code: issued.code, stdout: issued.stdout }).toEqual({ code: 1, stdout: "" });
    expect(issued.stderr).toMatch(
      new RegExp(
        `^The embedded database in ${dataDir} is in use by process \\d+\\. While the server runs, issue and ` +
          "revoke API keys on its admin page, /admin \\(ADMIN_SECRET turns it on\\)\\. Else stop that process",
      ),
    );
  });
});

test("npm start stops with one line and exit 1 when Postgres refuses the service", async () => {
  test.setTimeout(timeouts.serverTest);
  const missing = new URL(databaseUrl);
  missing.pathname = "/notes_no_such_database";
  const folder = projectWith(`PORT=0\nDATABASE_URL=${missing.toString()}\n`);
  const result = await npmRun(folder, "start");
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split("\n").at(-1)).toBe(
    'Cannot start: The database "notes_no_such_database" does not exist: create it ' +
      "(createdb notes_no_such_database) or fix DATABASE_URL.",
  );
});
