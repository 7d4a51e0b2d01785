// @ts-check
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { argumentError } from "./argument-error.js";
import { CliError, exitCodes, usageError } from "./cli-error.js";
import { createCommand } from "./create.js";
import { helpText } from "./help.js";
import { deleteCommand, eventsCommand, metaCommand } from "./owner.js";
import { readCommand } from "./read.js";
import { requestCommand, requestOptions } from "./request.js";
import { writeErr, writeOut } from "./terminal.js";

const options = /** @type {const} */ ({
  server: { type: "string" },
  key: { type: "string" },
  ttl: { type: "string" },
  burn: { type: "string" },
  password: { type: "boolean" },
  "password-file": { type: "string" },
  pages: { type: "boolean" },
  format: { type: "string" },
  permanent: { type: "boolean" },
  "no-encrypt": { type: "boolean" },
  recipient: { type: "string", multiple: true },
  file: { type: "string", multiple: true },
  save: { type: "string" },
  token: { type: "string" },
  json: { type: "boolean" },
  page: { type: "string" },
  title: { type: "string" },
  instructions: { type: "string" },
  answers: { type: "string" },
  "allow-files": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
});

/** @typedef {ReturnType<typeof parseArgs<{ options: typeof options, allowPositionals: true }>>["values"]} Values */
/**
 * What every command gets: its options and arguments, and the settings from the environment.
 * @typedef {{
 *   values: Values,
 *   positionals: string[],
 *   server: string | undefined,
 *   key: string | undefined,
 *   env: NodeJS.ProcessEnv,
 * }} Settings
 */

const everywhere = ["server", "key", "help"];
const commands = {
  create: {
    run: createCommand,
    options: [
      "ttl",
      "burn",
      "password",
      "password-file",
      "pages",
      "format",
      "permanent",
      "no-encrypt",
      "recipient",
      "file",
    ],
    arguments: Infinity,
  },
  read: { run: readCommand, options: ["password-file", "json", "page", "save"], arguments: 1 },
  meta: { run: metaCommand, options: [], arguments: 1 },
  delete: { run: deleteCommand, options: ["token"], arguments: 1 },
  events: { run: eventsCommand, options: ["token"], arguments: 1 },
  // request checks its subcommand's options and arguments itself (cli/lib/request.js)
  request: { run: requestCommand, options: [...new Set(Object.values(requestOptions).flat())], arguments: 3 },
};

const version = () => {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return `${manifest.version}\n`;
};

/**
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
async function run(args, env) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw argumentError(error, args, Object.keys(options));
  }
  const { values } = parsed;
  const [name, ...positionals] = parsed.positionals;
  if (values.version) return void writeOut(version());
  if (values.help || name === "help") return void writeOut(helpText);
  if (!name) throw usageError("no command: notes create|read|meta|delete|events|request (notes --help)");
  const command = Object.hasOwn(commands, name) ? commands[/** @type {keyof commands} */ (name)] : null;
  if (!command) throw usageError(`unknown command ${JSON.stringify(name)} (notes --help)`);
  const allowed = [...everywhere, ...command.options];
  const stray = Object.keys(values).find((option) => !allowed.includes(option));
  if (stray) throw usageError(`notes ${name} does not take --${stray}`);
  if (positionals.length > command.arguments) throw usageError(`notes ${name} takes one link`);
  const server = values.server ?? env.NOTES_SERVER;
  await command.run({
    values,
    positionals,
    server,
    key: values.key ?? (env.NOTES_API_KEY || undefined),
    env,
  });
}

/**
 * The whole client: runs one command line, writes any failure as one line on stderr, and answers
 * the exit status.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
export async function main(args, env) {
  try {
    await run(args, env);
    return exitCodes.ok;
  } catch (error) {
    const failure = error instanceof CliError ? error : new CliError("internal", "internal", String(error));
    writeErr(`notes: ${failure.code}: ${failure.message}\n`);
    return failure.exitCode;
  }
}
