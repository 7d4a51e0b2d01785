// `npm run test:container` (and the container suite of `npm test`): builds the Dockerfile with buildah
// and runs the image as a container runtime would, with the image's own user, command and health
// check, on a /data volume: creates and reads a note, stops it with SIGTERM while a request is in
// flight (that request is answered, the exit code is 0), starts it again on the same /data and reads
// the note back. Plain node, no dependencies: it runs from a fresh clone before `npm ci`.
//
// Where no registry image can be pulled, the base is a local stand-in for node:24-bookworm-slim built
// once per machine (build-stand-in-base.sh). Where buildah cannot run, it says why in one line and
// counts as skipped. NOTES_CONTAINER_CHECK=0 skips it on purpose (.ci/run's second test run).
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildahUnavailable,
  findDescendant,
  imageConfig,
  imageSize,
  run,
  startInContainer,
} from "./buildah.mjs";
import { readNote, createNote, postInFlight, waitForHealth, waitForLog } from "./check-http.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const baseImage = process.env.NODE_IMAGE || "docker.io/library/node:24-bookworm-slim";
const image = "localhost/notes:container-check";
const maxAddedBytes = 250_000_000;
const say = (line) => console.log(`container check: ${line}`);

function report(counts) {
  if (process.env.CONTAINER_CHECK_REPORT)
    writeFileSync(process.env.CONTAINER_CHECK_REPORT, JSON.stringify(counts));
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

const skipReason =
  process.env.NOTES_CONTAINER_CHECK === "0" ? "NOTES_CONTAINER_CHECK=0" : buildahUnavailable();
if (skipReason) {
  say(`skipped: ${skipReason}`);
  report({ passed: 0, failed: 0, skipped: 1 });
  process.exit(0);
}

const work = mkdtempSync("/var/tmp/notes-container-check-");
const logFile = path.join(work, "server.log");
let container = null;
let server = null;
let command = [];

async function main() {
  // 1. The base: the real image if this machine has it, else the stand-in (built once, then cached).
  if (run("podman", ["image", "exists", baseImage], { allowFail: true }).status !== 0) {
    run(path.join(root, "scripts/container/build-stand-in-base.sh"), [], {});
  }

  // 2. The image, from this checkout, as `docker build` would (the docker format keeps HEALTHCHECK).
  let started = Date.now();
  say(`building ${image} on ${baseImage} (build log: ${work}/build.log)`);
  const buildLog = path.join(work, "build.log");
  const buildOutput = openSync(buildLog, "w");
  const build = spawnSync(
    "buildah",
    [
      "bud",
      "--isolation",
      "chroot",
      "--pull=never",
      "--format",
      "docker",
      "--layers",
      "--build-arg",
      `NODE_IMAGE=${baseImage}`,
      "-t",
      image,
      ".",
    ],
    { cwd: root, stdio: ["ignore", buildOutput, buildOutput] },
  );
  const buildTail = () => readFileSync(buildLog, "utf8").trim().split("\n").slice(-30).join("\n");
  check(build.status === 0, `the build failed (exit ${build.status}):\n${buildTail()}`);
  say(`built in ${Math.round((Date.now() - started) / 1000)} s`);

  // 3. What the image declares.
  const config = imageConfig(image);
  check(
    config.user && !["root", "0", "0:0"].includes(config.user),
    `the image runs as "${config.user || "root"}"`,
  );
  check(
    config.volumes.includes("/data"),
    `no /data volume (volumes: ${config.volumes.join(", ") || "none"})`,
  );
  check(config.env.includes("DATA_DIR=/data"), "DATA_DIR is not /data in the image");
  check(config.healthcheck[0] === "CMD" && config.healthcheck.length > 1, "no HEALTHCHECK (exec form)");
  command = [...config.entrypoint, ...config.cmd];
  const added = imageSize(image) - imageSize(baseImage);
  say(
    `the image adds ${(added / 1e6).toFixed(1)} MB to its base; user ${config.user}; command ${command.join(" ")}`,
  );
  check(added <= maxAddedBytes, `the image adds more than ${maxAddedBytes / 1e6} MB to its base`);

  // 4. A working container, its user's ids (not root), and a /data volume that user owns.
  container = run("buildah", ["from", "--pull=never", image]).stdout.trim().split("\n").at(-1);
  const asUser = (argv, options) =>
    run(
      "buildah",
      ["run", "--isolation", "chroot", "--user", config.user, container, "--", ...argv],
      options,
    );
  const [uid, gid] = ["-u", "-g"].map((flag) => Number(asUser(["id", flag]).stdout.trim()));
  check(uid !== 0, "the image's user is root (uid 0)");
  const data = path.join(work, "data");
  run("mkdir", [data]);
  chownSync(data, uid, gid);
  chmodSync(data, 0o700);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: "127.0.0.1" };
  const serve = () => {
    const startedAt = Date.now();
    server = startInContainer(container, {
      user: config.user,
      env,
      volumes: [`${data}:/data`],
      argv: command,
      logFile,
    });
    return waitForHealth(base, server.exited, logFile).then(() => (Date.now() - startedAt) / 1000);
  };
  const healthCheck = () =>
    asUser(["env", ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...config.healthcheck.slice(1)], {
      allowFail: true,
    }).status;
  const stop = async () => {
    const pid = findDescendant(server.child.pid, command.join(" "));
    check(pid, "cannot find the server's process under buildah run");
    const inFlight = await postInFlight(base, { content: "sent while stopping", ttl: "1h" });
    process.kill(pid, "SIGTERM");
    await waitForLog(logFile, "SIGTERM: finishing requests in flight");
    const answer = await inFlight.finish();
    check(answer.status === 201, `the request in flight at SIGTERM was answered ${answer.status}`);
    const code = await server.exited;
    check(code === 0, `the server exited with ${code} after SIGTERM (expected 0)`);
    server = null;
  };

  // 5. First start (a fresh volume: migrations, the generated key), a note, the health check, SIGTERM.
  const firstStart = await serve();
  say(`serving after ${firstStart.toFixed(1)} s on a fresh /data`);
  const id = await createNote(base, "written in the container");
  check((await readNote(base, id)) === "written in the container", "the note read back differs");
  check(healthCheck() === 0, "the image's health check fails while the server is up");
  await stop();
  check(healthCheck() !== 0, "the image's health check passes with no server running");
  say("SIGTERM: the request in flight answered 201, exit code 0; the health check follows the server");

  // 6. Second start on the same /data: the note (sealed with the key kept in /data) reads back.
  const secondStart = await serve();
  check((await readNote(base, id)) === "written in the container", "the note did not survive the restart");
  await stop();
  say(
    `serving after ${secondStart.toFixed(1)} s on the existing /data; the note read back after the restart`,
  );
}

try {
  await main();
  say("passed");
  report({ passed: 1, failed: 0, skipped: 0 });
  rmSync(work, { recursive: true, force: true });
} catch (error) {
  console.error(`container check: FAILED: ${error.message}`);
  try {
    console.error(
      `--- server log (${logFile}), last lines:\n${readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n")}`,
    );
  } catch {
    // No server was started.
  }
  report({ passed: 0, failed: 1, skipped: 0 });
  process.exitCode = 1;
} finally {
  // A server left running by a failure: its process first (buildah does not pass signals on), then buildah.
  if (server) {
    const pid = findDescendant(server.child.pid, command.join(" "));
    if (pid) process.kill(pid, "SIGKILL");
    server.child.kill("SIGKILL");
    await server.exited;
  }
  if (container) run("buildah", ["rm", container], { allowFail: true });
}
