import { spawn } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "@playwright/test";
import { timeouts } from "./timeouts";

// The command-line client (cli/), run as its users run it: a child process talking HTTP to a server.

type CliRun = { code: number | null; stdout: string; stderr: string };

const notesBin = path.resolve("cli/bin/notes.js");

/** The environment of a run: this process's, minus any NOTES_* setting of the person running tests. */
function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith("NOTES_"));
  return { ...Object.fromEntries(inherited), ...env } as NodeJS.ProcessEnv;
}

/** Runs `command ARGS` with `input` on stdin, without a terminal: its exit code and output. */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  input?: string,
  timeout: number = timeouts.cli,
) {
  return new Promise<CliRun>((resolve, reject) => {
    // detached: a session of its own, without the terminal the tests may have been started from,
    // so a prompt can only happen where a test gives the child a terminal on purpose.
    const child = spawn(command, args, { env: cliEnv(env), detached: true, timeout });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    // A child that exits before reading its input (a usage error) closes the pipe under the write:
    // its exit code and output are what the test looks at.
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") reject(error);
    });
    child.stdin.end(input ?? "");
  });
}

/** `notes ARGS` with `input` on stdin (empty when not given) and no terminal, stopped after `timeout` ms. */
export const notesCli = (
  args: string[],
  options: { input?: string; env?: Record<string, string>; timeout?: number } = {},
) => runCommand(process.execPath, [notesBin, ...args], options.env ?? {}, options.input, options.timeout);

// A terminal for the child: python3's pty module forks it with a pseudo-terminal as its controlling
// terminal, stdin, stdout and stderr, answers each "Password" prompt with the next answer and Enter,
// and prints the whole terminal transcript (what the child wrote; the line discipline echoes nothing
// in the client's raw mode) before exiting with the child's status.
const ptyDriver = `
import json, os, pty, sys
command, answers = json.loads(sys.argv[1]), json.loads(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.execv(command[0], command)
transcript, asked = b"", 0
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    transcript += chunk
    if answers and transcript.count(b"Password") > asked:
        asked += 1
        os.write(fd, answers.pop(0).encode() + b"\\r")
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(transcript)
sys.exit(os.waitstatus_to_exitcode(status))
`;

/** `notes ARGS` on a pseudo-terminal, typing `answers` at its prompts: the transcript, \r\n as \n. */
export async function notesCliOnTerminal(
  args: string[],
  answers: string[],
  env: Record<string, string> = {},
) {
  const command = JSON.stringify([process.execPath, notesBin, ...args]);
  const run = await runCommand("python3", ["-c", ptyDriver, command, JSON.stringify(answers)], env);
  return { code: run.code, transcript: run.stdout.replace(/\r\n/g, "\n"), stderr: run.stderr };
}

/**
 * Writes `files` (name to text) into a new directory in the test's output folder (which Playwright
 * empties at the start of each run): their paths, in the same order.
 */
export async function writeTempFiles(files: Record<string, string>): Promise<string[]> {
  await mkdir(test.info().outputPath(), { recursive: true });
  const directory = await mkdtemp(test.info().outputPath("files-"));
  return Promise.all(
    Object.entries(files).map(async ([name, text]) => {
      const file = path.join(directory, name);
      await writeFile(file, text);
      return file;
    }),
  );
}
