// @ts-check
import { readFile } from "node:fs/promises";
import path from "node:path";
import { callApi, credentialHeaders } from "./api.js";
import { CliError, usageError } from "./cli-error.js";
import { sealNote } from "./envelope.js";
import { serverBase } from "./link.js";
import { givenPassword, requirePassword } from "./password.js";

/** @typedef {import("./envelope.js").NotePageText} NotePageText */
/** @typedef {import("./main.js").Settings} Settings */

const formats = ["markdown", "html"];

/** @param {NodeJS.ReadableStream} stream */
async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * One page from a file (or stdin for `-`): titled by the file's name without its extension, HTML
 * when --format says so or, without --format, when the file's name ends in .html or .htm.
 * @param {string} file
 * @param {string | undefined} format
 * @param {boolean} titled
 * @returns {Promise<NotePageText>}
 */
async function pageOf(file, format, titled) {
  let content;
  try {
    content = file === "-" ? await readAll(process.stdin) : await readFile(file, "utf8");
  } catch (error) {
    throw usageError(`cannot read ${file}: ${/** @type {Error} */ (error).message}`);
  }
  if (!content) throw new CliError("usage", "empty_content", `${file === "-" ? "stdin" : file} is empty`);
  const extension = path.extname(file);
  const inferred = /^\.html?$/i.test(extension) ? "html" : "markdown";
  return {
    title: titled ? path.basename(file, extension) : "",
    content,
    format: /** @type {"markdown" | "html"} */ (format ?? inferred),
  };
}

/** @param {Settings} settings */
function lifetimeOf({ values, key }) {
  if (values.permanent) {
    if (!key) throw usageError("--permanent needs an API key: give --key KEY or set NOTES_API_KEY");
    if (values.ttl !== undefined) throw usageError("--permanent and --ttl exclude each other");
    return { permanent: true };
  }
  return { ttl: values.ttl ?? "1d" };
}

/** @param {string | undefined} burn */
function burnAfterOf(burn) {
  if (burn === undefined) return {};
  if (!/^[0-9]+$/.test(burn)) throw usageError(`--burn takes a number of reads, not ${JSON.stringify(burn)}`);
  return { burn_after: Number(burn) };
}

/**
 * The note's password when it is to have one: --password (from the file, NOTES_PASSWORD or the
 * terminal) or --password-file alone.
 * @param {Settings} settings
 */
async function passwordOf({ values, env }) {
  const options = { passwordFile: values["password-file"], env };
  if (values.password) return requirePassword(options, "Password for the note: ");
  return values["password-file"] === undefined ? undefined : givenPassword(options);
}

/**
 * `notes create [FILE|-]` or `notes create --pages FILE...`: sends the note (sealed here first,
 * unless --no-encrypt) and prints its link alone on stdout. A note created without a key gets a
 * delete token, shown once: it goes to stderr as `delete-token: ndt_…`.
 * @param {Settings} settings
 */
export async function createCommand(settings) {
  const { values, positionals, key } = settings;
  const format = values.format;
  if (format !== undefined && !formats.includes(format)) {
    throw usageError(`--format is markdown or html, not ${JSON.stringify(format)}`);
  }
  if (!values.pages && positionals.length > 1) throw usageError("one file per note; several are --pages");
  if (values.pages && positionals.length === 0) throw usageError("--pages needs the pages' files");
  const files = positionals.length ? positionals : ["-"];
  if (files.filter((file) => file === "-").length > 1) throw usageError("stdin can be read only once");
  const server = serverBase(settings.server);
  const lifetime = lifetimeOf(settings);
  const burnAfter = burnAfterOf(values.burn);
  const password = await passwordOf(settings);
  const pages = await Promise.all(files.map((file) => pageOf(file, format, Boolean(values.pages))));

  let note;
  let sealed = null;
  if (!values["no-encrypt"]) {
    sealed = await sealNote({ pages }, { password });
    note = { content: sealed.envelope, encrypted: true };
  } else if (values.pages) {
    note = { pages };
  } else {
    note = { content: pages[0]?.content, format: pages[0]?.format };
  }
  const body = { ...note, ...lifetime, ...burnAfter, ...(password && { password }) };
  const created = await callApi(server, "POST", "shares", { body, headers: credentialHeaders({ key }) });
  const url = String(created?.url);
  process.stdout.write(`${sealed ? `${url}#${sealed.key}` : url}\n`);
  const token = created?.delete_token;
  if (typeof token === "string") process.stderr.write(`delete-token: ${token}\n`);
}
