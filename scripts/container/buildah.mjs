// What the container check (check.mjs) needs from buildah and podman: run a command and capture its
// output, read an image's configuration, start the image's command in the background, and find that
// command's process among buildah's children (to signal it as `docker stop` signals PID 1).
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";

/** Runs a command to its end; throws with its output's last lines when it fails (unless `allowFail`). */
export function run(command, args, { allowFail = false, input, cwd } = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", input, cwd, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0 && !allowFail) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-30).join("\n");
    throw new Error(`${command} ${args.join(" ")} exited ${result.status}:\n${output}`);
  }
  return result;
}

/** Why buildah cannot run here, or null when it can (then the check runs). */
export function buildahUnavailable() {
  for (const tool of ["buildah", "podman"]) {
    if (spawnSync(tool, ["--version"]).status !== 0) {
      return `${tool} is not installed (apt-get install buildah podman debootstrap)`;
    }
  }
  // Chroot isolation and the machine's container storage need root (rootless would need subuid maps).
  if (process.getuid?.() !== 0) return "it needs root (buildah --isolation chroot)";
  const info = spawnSync("buildah", ["info"], { encoding: "utf8" });
  if (info.status !== 0) return `buildah cannot run here (${info.stderr.trim().split("\n").at(-1)})`;
  return null;
}

/** The image's configuration as the runtime sees it: user, command, environment, volumes, health check. */
export function imageConfig(image) {
  const inspected = JSON.parse(run("buildah", ["inspect", "--type", "image", image]).stdout);
  const oci = inspected.OCIv1?.config ?? {};
  const docker = inspected.Docker?.config ?? {};
  return {
    user: oci.User ?? "",
    cmd: oci.Cmd ?? [],
    entrypoint: oci.Entrypoint ?? [],
    workingDir: oci.WorkingDir ?? "",
    env: oci.Env ?? [],
    volumes: Object.keys(oci.Volumes ?? {}),
    stopSignal: oci.StopSignal ?? "",
    healthcheck: docker.Healthcheck?.Test ?? [],
  };
}

/** The image's size in bytes (its layers, uncompressed), as `docker images` counts it. */
export function imageSize(image) {
  const [inspected] = JSON.parse(run("podman", ["image", "inspect", image]).stdout);
  return inspected.Size;
}

/**
 * Starts `argv` in a working container, in the background, with the output going to `logFile`.
 * Resolves `exited` with the command's exit code (buildah run passes it on).
 */
export function startInContainer(container, { user, env = {}, volumes = [], argv, logFile }) {
  const args = ["run", "--isolation", "chroot", "--user", user];
  for (const [name, value] of Object.entries(env)) args.push("--env", `${name}=${value}`);
  for (const volume of volumes) args.push("--volume", volume);
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn("buildah", [...args, container, "--", ...argv], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  return { child, exited };
}

/** The process among `rootPid`'s descendants whose command line contains `needle` (e.g. the image's CMD). */
export function findDescendant(rootPid, needle) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field of /proc/PID/stat, after the command in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const queue = [...(children.get(rootPid) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift();
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
      if (cmdline.includes(needle) && !cmdline.startsWith("buildah")) return pid;
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return null;
}
