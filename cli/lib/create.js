// @ts-check
import { readFile } from "node:fs/promises";
import path from "node:path";
import { callApiRetrying, credentialHeaders } from "./api.js";
import { CliError, usageError } from "./cli-error.js";
import { sealNote } from "./envelope.js";
import { newFileSalt } from "./file-envelope.js";
import { localFiles, uploadFiles } from "./files.js";
import { serverBase } from "./link.js";
import { givenPassword, requirePassword } from "./password.js";
import { writeErr, writeOut } from "./terminal.js";

/** @typedef {import("./envelope.js").NotePageText} NotePageText */
/** @typedef {import("./main.js").Settings} Settings */

const formats = ["markdown", "html"];

/** @param {NodeJS.ReadableStream} stream */
export async function readAll(stream) {
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
 * The --recipient labels, in the order given; the server judges them (bad_recipients). Each is
 * printed on its link's line, so none may hold a line break.
 * @param {string[] | undefined} labels
 */
function recipientsOf(labels) {
  if (!labels) return {};
  const broken = labels.find((label) => /[\r\n]/.test(label));
  if (broken !== undefined) {
    throw usageError(`a --recipient label cannot hold a line break: ${JSON.stringify(broken)}`);
  }
  return { recipients: labels };
}

/**
 * What create prints. stdout holds only what is handed to readers: the note's link, or for a note
 * sent to recipients one line per link, `<link><TAB><label>` (the label last, so that it may hold
 * tabs). The owner's part goes to stderr: the owner handle of a note with recipients (for meta,
 * events and delete of the whole note; reading it finds nothing) and the delete token, shown once.
 * @param {Record<string, unknown> | null} created the API's answer
 * @param {string} fragment `#<key>` of an encrypted note, else empty
 */
function printCreated(created, fragment) {
  const links = /** @type {{ label: string, url: string }[] | undefined} */ (created?.links);
  if (links) {
    for (const { label, url } of links) writeOut(`${url}${fragment}\t${label}\n`);
    writeErr(`owner-link: ${String(created?.url)}\n`);
  } else {
    writeOut(`${String(created?.url)}${fragment}\n`);
  }
  const token = created?.delete_token;
  if (typeof token === "string") writeErr(`delete-token: ${token}\n`);
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
 * The note to send, sealed here unless --no-encrypt: its pages, and its files (their names, types
 * and salts inside the envelope; only their sizes beside it).
 * @param {Settings["values"]} values
 * @param {NotePageText[]} pages
 * @param {import("./files.js").LocalFile[]} files
 * @param {string | undefined} password
 */
async function noteOf(values, pages, files, password) {
  if (values["no-encrypt"]) {
    const text = values.pages
      ? { pages }
      : pages[0] && { content: pages[0].content, format: pages[0].format };
    const declared = files.map(({ name, type, size }) => ({ name, type, size }));
    return { note: { ...text, ...(files.length && { files: declared }) }, sealed: null, salts: [] };
  }
  const salts = files.map(() => newFileSalt());
  const sealedFiles = files.map(({ name, type, size }, index) => ({
    name,
    type,
    size,
    salt: salts[index] ?? "",
  }));
  const sealed = await sealNote({ pages, ...(files.length && { files: sealedFiles }) }, { password });
  const note = {
    content: sealed.envelope,
    key_proof: sealed.keyProof,
    encrypted: true,
    ...(files.length && { files: files.map(({ size }) => ({ size })) }),
  };
  return { note, sealed, salts };
}

/**
 * `notes create [FILE|-] [--file PATH]...` or `notes create --pages FILE...`: sends the note (sealed
 * here first, unless --no-encrypt), then its files chunk by chunk, and prints its link, or its
 * recipients' links (printCreated). With --file and no FILE, the note is its files alone.
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
  const attachments = await localFiles(values.file ?? []);
  const texts = positionals.length || attachments.length ? positionals : ["-"];
  if (texts.filter((file) => file === "-").length > 1) throw usageError("stdin can be read only once");
  const server = serverBase(settings.server);
  const lifetime = lifetimeOf(settings);
  const burnAfter = burnAfterOf(values.burn);
  const recipients = recipientsOf(values.recipient);
  const password = await passwordOf(settings);
  const pages = await Promise.all(texts.map((file) => pageOf(file, format, Boolean(values.pages))));

  const { note, sealed, salts } = await noteOf(values, pages, attachments, password);
  const body = { ...note, ...lifetime, ...burnAfter, ...recipients, ...(password && { password }) };
  // Retried with one Idempotency-Key: a create whose answer was lost gives back the note it stored.
  const created = await callApiRetrying(server, "POST", "shares", {
    body,
    headers: credentialHeaders({ key }),
  });
  if (attachments.length) {
    await uploadFiles(created ?? {}, attachments, sealed && { filesKey: sealed.filesKey, salts });
  }
  printCreated(created, sealed ? `#${sealed.key}` : "");
}
