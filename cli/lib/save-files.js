// @ts-check
// A read note's files on their way to disk (notes read --save DIR): each downloaded through the
// download URL its read granted, opened chunk by chunk (an end-to-end file: cli/lib/file-envelope.js)
// and written out as it comes, so that no more than one chunk is in memory. A file is saved under
// its name made harmless (cli/lib/file-name.js: never outside DIR, at most 255 bytes, no hidden
// dotfile), and never written over: it gets the first free name of `name`, `name (1).ext`,
// `name (2).ext`, … (created with O_EXCL, owner-only). A file that fails half-way is removed, so
// that what is left is whole, and one that cannot be saved does not stop the others.

import { access, constants, open, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { errorOf, send } from "./api.js";
import { CliError, usageError } from "./cli-error.js";
import { FileEnvelopeError, decryptFileChunks, fileKey, splitFileChunks } from "./file-envelope.js";
import { fittedFileName, savableFileName, savedFileName } from "./file-name.js";
import { progress } from "./progress.js";
import { retryDelaysMs } from "./retry.js";
import { writeErr } from "./terminal.js";

/** @typedef {import("./api.js").Json} Json */
/**
 * A file of a read note: its name, type and size (from the note document of an end-to-end note,
 * else from the server), where to fetch it, and its key when it is sealed end to end.
 * An answer's file carries the headers its download needs (the requester's owner proof).
 * @typedef {{ name: string, type: string, size: number, url: string, key: CryptoKey | null,
 *   headers?: Record<string, string> }} NoteFileToSave
 */

/** A download that receives nothing for this long has broken off (a whole 200 MiB file may take longer). */
const idleTimeoutMs = 60_000;
/** How many `name (n).ext` to try before giving up on a folder full of them. */
const maxNameTries = 100;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The --save folder, checked before the read that spends a view: it exists, is a folder and can be
 * written to.
 * @param {string} directory
 */
export async function checkSaveDirectory(directory) {
  try {
    if (!(await stat(directory)).isDirectory()) throw new Error("not a folder");
    await access(directory, constants.W_OK);
  } catch (error) {
    throw usageError(`cannot save into ${directory}: ${/** @type {Error} */ (error).message}`);
  }
  return directory;
}

/**
 * The files of a read: what the server lists, with the name, type, size and key of each end-to-end
 * file from its note document (the server knows none of them); a plain file's name made harmless,
 * as the document does an end-to-end file's (cli/lib/file-name.js).
 * @param {Json} note the read's answer
 * @param {{ document: import("./envelope.js").NoteDocument, filesKey: CryptoKey } | null} opened
 * @param {Record<string, string>} headers what each download sends: a member's key, where the read needed it
 * @returns {Promise<NoteFileToSave[]>}
 */
export function filesOf(note, opened, headers) {
  const listed = /** @type {Json[]} */ (Array.isArray(note.files) ? note.files : []);
  const sealed = opened?.document.files ?? [];
  if (opened && listed.length !== sealed.length) {
    throw new CliError(
      "decrypt",
      "bad_document",
      `the server lists ${listed.length} files, the note ${sealed.length}`,
    );
  }
  return Promise.all(
    listed.map(async (entry, index) => {
      const url = String(entry.download_url);
      const file = sealed[index];
      if (opened && file) {
        const { name, type, size, salt } = file;
        return { name, type, size, url, headers, key: await fileKey(opened.filesKey, salt) };
      }
      const name = savableFileName(String(entry.name), index);
      return { name, type: String(entry.type), size: Number(entry.size), url, headers, key: null };
    }),
  );
}

/**
 * A new file for `name` in `directory`, under the first free name: never one that exists.
 * @param {string} directory
 * @param {string} name
 */
async function createFree(directory, name) {
  for (let tried = 0; tried < maxNameTries; tried++) {
    const target = path.join(directory, tried === 0 ? name : fittedFileName(name, ` (${tried})`));
    try {
      return { target, handle: await open(target, "wx", 0o600) };
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") {
        throw usageError(`cannot write ${target}: ${/** @type {Error} */ (error).message}`);
      }
    }
  }
  throw usageError(`no free name for ${name} in ${directory}: ${maxNameTries} taken`);
}

/**
 * A download's body, piece by piece, with its idle timer reset at each; a body that breaks off is
 * a failure worth another attempt.
 * @param {AsyncIterable<Uint8Array>} body Node's web streams are async iterables
 * @param {() => void} alive
 * @param {string} name
 */
async function* watched(body, alive, name) {
  try {
    for await (const piece of body) {
      alive();
      yield piece;
    }
  } catch (error) {
    throw new CliError("unavailable", "unreachable", `the download of ${name} broke off (${String(error)})`);
  }
}

/**
 * One attempt at downloading `file` into `handle`, from its first byte.
 * @param {NoteFileToSave} file
 * @param {import("node:fs/promises").FileHandle} handle
 */
async function download(file, handle) {
  const controller = new AbortController();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), idleTimeoutMs);
  };
  alive();
  const shown = progress(`saving ${file.name}`, file.size);
  try {
    await handle.truncate(0);
    const response = await send(file.url, { signal: controller.signal, headers: file.headers });
    if (!response.ok || !response.body) throw await errorOf(response);
    const body = watched(
      /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (response.body)),
      alive,
      file.name,
    );
    const chunks = file.key ? decryptFileChunks(file.key, body, file.size) : splitFileChunks(body, file.size);
    let position = 0;
    for await (const chunk of chunks) {
      await handle.write(chunk, 0, chunk.length, position);
      position += chunk.length;
      shown.advance(chunk.length);
    }
  } finally {
    clearTimeout(timer);
    shown.end();
  }
}

/**
 * Saves file `index` into `directory`, trying its download again while it fails in a way that may
 * pass; answers the path written. A name starting with a dot is saved with a leading "_", and
 * stderr says so: saved as it is, it would be hidden (or be the folder's .profile).
 * @param {string} directory
 * @param {NoteFileToSave} file
 * @param {number} index
 */
async function saveFile(directory, file, index) {
  const shown = savableFileName(file.name, index);
  const { target, handle } = await createFree(directory, savedFileName(file.name, index));
  if (shown.startsWith(".")) {
    writeErr(
      `file ${JSON.stringify(shown)} saved as ${JSON.stringify(path.basename(target))}: a name starting with a dot would be hidden\n`,
    );
  }
  try {
    for (let retry = 0; ; retry++) {
      try {
        await download(file, handle);
        return target;
      } catch (error) {
        const delay = retryDelaysMs[retry];
        if (!(error instanceof CliError && error.kind === "unavailable") || delay === undefined) throw error;
        await sleep(delay);
      }
    }
  } catch (error) {
    await unlink(target).catch(() => {});
    if (!(error instanceof FileEnvelopeError)) throw error;
    throw new CliError("decrypt", error.reason, `${file.name}: ${error.message}`);
  } finally {
    await handle.close();
  }
}

/**
 * Saves every file of a read into `directory`, one after the other. A file that cannot be saved is
 * said on stderr (`notes: <code>: file "<name>" not saved: …`) and the next one is saved all the
 * same. Answers each file's path (null: not saved) and the failures.
 * @param {string} directory
 * @param {NoteFileToSave[]} files
 */
export async function saveFiles(directory, files) {
  /** @type {(string | null)[]} */
  const paths = [];
  /** @type {CliError[]} */
  const failures = [];
  for (const [index, file] of files.entries()) {
    try {
      paths.push(await saveFile(directory, file, index));
    } catch (error) {
      const failure = error instanceof CliError ? error : new CliError("internal", "internal", String(error));
      const name = JSON.stringify(savableFileName(file.name, index));
      writeErr(`notes: ${failure.code}: file ${name} not saved: ${failure.message}\n`);
      failures.push(failure);
      paths.push(null);
    }
  }
  return { paths, failures };
}

/**
 * Once everything else is written: the failure to exit with when files were not saved, with the
 * first one's status and code.
 * @param {CliError[]} failures
 * @param {number} total how many files there were
 */
export function checkSaved(failures, total) {
  const [first] = failures;
  if (first) {
    throw new CliError(first.kind, first.code, `${failures.length} of ${total} file(s) not saved (above)`);
  }
}
