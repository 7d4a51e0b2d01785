// @ts-check
import { callApiRetrying } from "./api.js";
import { CliError, usageError } from "./cli-error.js";
import { EnvelopeError, isWellFormedKey, keyProof, openNoteWithFilesKey } from "./envelope.js";
import { parseLink } from "./link.js";
import { getAsMember } from "./members-only.js";
import { requirePassword } from "./password.js";
import { checkSaveDirectory, checkSaved, filesOf, saveFiles } from "./save-files.js";
import { writeOut } from "./terminal.js";

/** @typedef {import("./envelope.js").NoteDocument} NoteDocument */
/** @typedef {import("./api.js").Json} Json */
/** @typedef {import("./main.js").Settings} Settings */

/** A page of a note the server rendered, in the shape of a sealed note's pages. */
const pageText = (/** @type {Json} */ page) => ({
  title: String(page.title ?? ""),
  content: String(page.content ?? ""),
  format: /** @type {"markdown" | "html"} */ (page.content_type),
});

/**
 * The note's pages: opened here with the link's key (and password) when it is end to end encrypted,
 * with the key its files are sealed under; a note of files alone has no pages.
 * @param {Json} note the read answer
 * @param {string} key
 * @param {() => Promise<string>} askPassword
 * @param {string | undefined} password the one sent to the server, if any
 * @returns {Promise<{ document: NoteDocument, filesKey: CryptoKey | null }>}
 */
async function documentOf(note, key, askPassword, password) {
  if (!note.encrypted) {
    // A plain note of files alone answers an empty content: no note with text has one.
    const pages = Array.isArray(note.pages) ? note.pages : note.content ? [note] : [];
    return { document: { pages: pages.map(pageText) }, filesKey: null };
  }
  try {
    return await openNoteWithFilesKey(String(note.content), key, password);
  } catch (error) {
    if (!(error instanceof EnvelopeError)) throw error;
    // Sealed with a password the server does not ask for: the read is done, only the opening needs it.
    if (error.reason === "needs_password" && password === undefined) {
      return documentOf(note, key, askPassword, await askPassword());
    }
    throw new CliError(
      error.reason === "needs_password" ? "password" : "decrypt",
      error.reason,
      error.message,
    );
  }
}

/**
 * What `notes read` prints: a single page as it was written; one page of several with --page N
 * (from 1); several pages each under a `==> title <==` line (like `head` with several files); or,
 * with --json, the document {"pages": [{"title", "content", "format"}, …]}, and for a note with
 * files "files": [{"name", "type", "size", "path"}, …] (path: where --save wrote it, else null).
 * @param {NoteDocument} document
 * @param {{ json?: boolean, page?: string }} values
 * @param {{ name: string, type: string, size: number, path: string | null }[]} files
 */
function output(document, values, files) {
  const { pages } = document;
  if (values.json) return `${JSON.stringify({ pages, ...(files.length && { files }) })}\n`;
  if (values.page !== undefined) return pages[Number(values.page) - 1]?.content ?? "";
  if (pages.length === 1) return pages[0]?.content ?? "";
  return pages
    .map(({ title, content }, index) => {
      const text = content.endsWith("\n") ? content : `${content}\n`;
      return `==> ${title || `page ${index + 1}`} <==\n${text}`;
    })
    .join("\n");
}

/**
 * @param {string | undefined} page --page
 * @param {number} count the note's pages
 */
function checkPage(page, count) {
  if (page !== undefined && Number(page) > count) {
    throw usageError(`the note has ${count} page(s), not ${page}`);
  }
}

/**
 * The server's bad_key_proof, said for this client: the link's key was there (a missing one stops
 * before the read), so it is the wrong one.
 * @param {unknown} error
 * @returns {never}
 */
function wrongKey(error) {
  if (!(error instanceof CliError) || error.code !== "bad_key_proof") throw error;
  throw new CliError(
    "decrypt",
    "bad_key_proof",
    "the link's key (after #) is not this note's: it belongs to another link, or was changed. No view was spent.",
  );
}

/**
 * `notes read LINK`: checks everything it can before the read that counts a view (the key's shape,
 * whether the note needs a key or a password), reads, opens, prints.
 * @param {Settings} settings
 */
export async function readCommand({ values, positionals, server, key: apiKey, env }) {
  const page = values.page;
  if (page !== undefined && !/^[1-9][0-9]*$/.test(page)) {
    throw usageError("--page takes a page number from 1");
  }
  const link = parseLink(positionals[0], server);
  const { server: base, id, key } = link;
  const directory = values.save === undefined ? undefined : await checkSaveDirectory(values.save);
  if (key && !isWellFormedKey(key)) throw new CliError("decrypt", "bad_key", "the link's key is malformed");
  // No API key unless the note is for members only: the link's server may be anyone's.
  const member = await getAsMember(link, `shares/${id}/meta`, { server, key: apiKey });
  const meta = /** @type {Json} */ (member.answer);
  if (meta.encrypted && !key) {
    throw new CliError("decrypt", "bad_key", "the link has no key (#…): this note opens only with it");
  }
  // Its files are granted to this read alone: without a folder for them they would be lost.
  if (Number(meta.file_count) > 0 && directory === undefined) {
    throw usageError(`the note has ${String(meta.file_count)} file(s): give --save DIR to keep them`);
  }
  // An encrypted note's pages are sealed: only the opened note can tell how many there are.
  if (!meta.encrypted) checkPage(page, Number(meta.page_count));
  const askPassword = () => requirePassword({ passwordFile: values["password-file"], env }, "Password: ");
  const password = meta.password_required ? await askPassword() : undefined;
  // An end-to-end note's read proves it holds the link's key; the key itself never leaves.
  const body = {
    ...(password && { password }),
    ...(meta.encrypted ? { key_proof: await keyProof(key) } : {}),
  };
  const note = /** @type {Json} */ (
    await callApiRetrying(base, "POST", `shares/${id}/read`, { body, headers: member.headers }).catch(
      wrongKey,
    )
  );
  const opened = await documentOf(note, key, askPassword, password);
  const { document } = opened;
  checkPage(page, document.pages.length);
  const files = await filesOf(
    note,
    opened.filesKey && { document, filesKey: opened.filesKey },
    member.headers,
  );
  // The text first: it is the reader's already, whatever happens to the downloads.
  if (!values.json) writeOut(output(document, values, []));
  const saved = directory === undefined ? { paths: [], failures: [] } : await saveFiles(directory, files);
  const described = files.map(({ name, type, size }, index) => ({
    name,
    type,
    size,
    path: saved.paths[index] ?? null,
  }));
  if (values.json) writeOut(output(document, values, described));
  checkSaved(saved.failures, files.length);
}
