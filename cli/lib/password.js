// @ts-check
import { openSync } from "node:fs";
import { readFile } from "node:fs/promises";
import tty from "node:tty";
import { CliError, usageError } from "./cli-error.js";

/**
 * A password given without a terminal: the first line of --password-file, else NOTES_PASSWORD.
 * (Never on the command line itself, where other users see it in `ps` and the shell's history keeps
 * it; and never from stdin, which may carry the note.) Undefined when neither is given.
 * @param {{ passwordFile?: string, env: NodeJS.ProcessEnv }} options
 */
export async function givenPassword({ passwordFile, env }) {
  if (passwordFile !== undefined) {
    let text;
    try {
      text = await readFile(passwordFile, "utf8");
    } catch (error) {
      throw usageError(`cannot read the password file: ${/** @type {Error} */ (error).message}`);
    }
    const [line = ""] = text.split(/\r?\n/);
    if (!line) throw usageError("the password file's first line is empty");
    return line;
  }
  return env.NOTES_PASSWORD || undefined;
}

/** The controlling terminal, to ask on even when stdin and stdout are pipes; null when there is none. */
function openTerminal() {
  try {
    const input = new tty.ReadStream(openSync("/dev/tty", "r"));
    const output = new tty.WriteStream(openSync("/dev/tty", "w"));
    return { input, output };
  } catch {
    // No /dev/tty (a job without a terminal, or Windows): stdin, if it is the terminal.
    return process.stdin.isTTY ? { input: process.stdin, output: process.stderr } : null;
  }
}

/**
 * Asks for a password on the terminal without echoing it. Null when there is no terminal to ask on.
 * @param {string} question
 * @returns {Promise<string | null>}
 */
export async function promptPassword(question) {
  const terminal = openTerminal();
  if (!terminal) return null;
  const { input, output } = terminal;
  // Raw before the question: what is typed after it is never echoed, however fast it comes.
  input.setRawMode(true);
  output.write(question);
  try {
    return await new Promise((resolve, reject) => {
      let typed = "";
      input.on("data", (/** @type {Buffer} */ chunk) => {
        for (const char of chunk.toString("utf8")) {
          if (char === "\r" || char === "\n" || char === "\u0004") return resolve(typed);
          if (char === "\u0003") {
            return reject(new CliError("interrupted", "interrupted", "interrupted at the password prompt"));
          }
          if (char === "\u007f" || char === "\b") typed = [...typed].slice(0, -1).join("");
          else if (char >= " ") typed += char;
        }
      });
      input.resume();
    });
  } finally {
    input.setRawMode(false);
    output.write("\n");
    if (input === process.stdin) {
      input.pause();
    } else {
      input.destroy();
      output.destroy();
    }
  }
}

/**
 * The password for a note: given (file or environment), else asked on the terminal. Throws the
 * password failure (exit 3) when there is neither.
 * @param {{ passwordFile?: string, env: NodeJS.ProcessEnv }} options
 * @param {string} question
 */
export async function requirePassword(options, question) {
  const password = (await givenPassword(options)) ?? (await promptPassword(question));
  if (password === null) {
    throw new CliError(
      "password",
      "needs_password",
      "this needs a password and there is no terminal to ask on: use --password-file FILE or NOTES_PASSWORD",
    );
  }
  if (!password) throw new CliError("password", "needs_password", "the password is empty");
  return password;
}
