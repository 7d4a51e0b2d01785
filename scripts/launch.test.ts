import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { afterEach, expect, test } from "vitest";
import { descendantsOf } from "./bench/rss";

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

// `npm start` runs the server in the launcher's process: whatever the launcher started to bundle the
// entry (esbuild's service) must be stopped before the entry runs, or it stays beside the server.
// esbuild's stop() signals its process without waiting for the exit, so on a busy machine the entry
// can answer first: the test waits for the process to be gone (a ceiling, not a measure of speed).
test("the launcher leaves no process beside the entry it runs", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "notes-launch-"));
  const name = `launch-probe-${randomBytes(6).toString("hex")}`;
  const entry = path.join(folder, `${name}.ts`);
  writeFileSync(entry, 'const ready: string = "ready";\nconsole.log(ready);\nsetInterval(() => {}, 1000);\n');
  const child = spawn(process.execPath, ["scripts/launch.mjs", entry], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  cleanups.push(() => {
    child.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
    rmSync(path.resolve(`node_modules/.cache/notes/${name}.mjs`), { force: true });
  });
  const [firstLine] = (await once(child.stdout, "data")) as [Buffer];
  expect(firstLine.toString()).toBe("ready\n");
  await expect.poll(() => descendantsOf(child.pid ?? 0), { timeout: 10_000 }).toEqual([child.pid]);
});
