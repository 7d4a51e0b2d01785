// @ts-check
import { CliError, usageError } from "./cli-error.js";

// Notes and requests have ids of one form.
const noteId = /^[A-Za-z0-9]{10}$/;

/** @typedef {{ server: string, id: string, key: string }} NoteLink a note's or a request's link */

/**
 * The server a setting names: its URL without a trailing slash (a base path, if any, is kept).
 * @param {string | undefined} server
 */
export function serverBase(server) {
  if (!server) throw usageError("no server: give --server URL or set NOTES_SERVER");
  let url;
  try {
    url = new URL(server);
  } catch {
    throw usageError(`the server ${JSON.stringify(server)} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw usageError(`the server ${JSON.stringify(server)} is not an http or https URL`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/**
 * A link `<server>[/<folder>]/<id>[#<key>]` taken apart: the server is everything before the id (and
 * the folder, which a request's link has), and the key is the fragment, which never leaves this
 * process. A bare id (with or without `#<key>`) is on `fallbackServer` (--server or NOTES_SERVER).
 * @param {string | undefined} link
 * @param {string | undefined} fallbackServer
 * @param {{ noun: string, shape: string, folder?: string }} kind what the link is of, how it is
 *   written, and its folder
 * @returns {NoteLink}
 */
function takeApart(link, fallbackServer, { noun, shape, folder }) {
  if (!link) throw usageError(`no link: give the ${noun}'s link, ${shape}`);
  const hashAt = link.indexOf("#");
  const [before, key] = hashAt < 0 ? [link, ""] : [link.slice(0, hashAt), link.slice(hashAt + 1)];
  if (noteId.test(before)) return { server: serverBase(fallbackServer), id: before, key };
  let url;
  try {
    url = new URL(before);
  } catch {
    throw usageError(`${JSON.stringify(link)} is neither a ${noun}'s link nor its id`);
  }
  const segments = url.pathname.split("/");
  const id = segments.pop() ?? "";
  if (!noteId.test(id) || (folder !== undefined && segments.pop() !== folder) || url.search) {
    throw usageError(`${JSON.stringify(link)} is not a ${noun}'s link${folder ? ` (${shape})` : ""}`);
  }
  return { server: serverBase(`${url.origin}${segments.join("/")}`), id, key };
}

/**
 * A note's link `<server>/<id>#<key>` taken apart.
 * @param {string | undefined} link
 * @param {string | undefined} fallbackServer
 */
export const parseLink = (link, fallbackServer) =>
  takeApart(link, fallbackServer, { noun: "note", shape: "<server>/<id>#<key>" });

/**
 * A request's link `<server>/requests/<id>[#<private key>]` taken apart.
 * @param {string | undefined} link
 * @param {string | undefined} fallbackServer
 */
export const parseRequestLink = (link, fallbackServer) =>
  takeApart(link, fallbackServer, { noun: "request", shape: "<server>/requests/<id>", folder: "requests" });

/**
 * Where credentials (an API key, a delete token) may go: the configured server only. A pasted link
 * names whatever host its author chose, and that host would receive them; so a link on another
 * origin, or any link while no server is configured, is refused before anything is sent.
 * @param {NoteLink} link
 * @param {string | undefined} configured --server or NOTES_SERVER
 */
export function checkCredentialServer(link, configured) {
  const linkOrigin = new URL(link.server).origin;
  if (!configured) {
    throw new CliError(
      "usage",
      "foreign_server",
      `the API key and delete token go only to the configured server, and none is configured: give --server URL or set NOTES_SERVER (the link names ${linkOrigin})`,
    );
  }
  const configuredOrigin = new URL(serverBase(configured)).origin;
  if (linkOrigin !== configuredOrigin) {
    throw new CliError(
      "usage",
      "foreign_server",
      `the link names ${linkOrigin}, not the configured server ${configuredOrigin}: the API key and delete token go only to the configured server`,
    );
  }
}
