// @ts-check
// A note or request for members only answers `401 sign_in_required` to whoever is not a person of
// the service. A program is one by sending a personal API key (from the service's /me page); like
// every credential, it goes only to the configured server, and only once the server has asked.
import { callApi, credentialHeaders } from "./api.js";
import { CliError } from "./cli-error.js";
import { checkCredentialServer } from "./link.js";

/** @typedef {import("./api.js").Json} Json */

/**
 * GETs `path` on the link's server; when that is for members only, again with the personal key.
 * @param {import("./link.js").NoteLink} link a note's or a request's
 * @param {string} path
 * @param {{ server: string | undefined, key: string | undefined }} settings --server and --key
 * @returns {Promise<{ answer: Json | null, headers: Record<string, string> }>} the answer, and the
 *   headers every later call about the same note or request sends
 */
export async function getAsMember(link, path, { server, key }) {
  try {
    return { answer: await callApi(link.server, "GET", path), headers: {} };
  } catch (error) {
    if (!(error instanceof CliError) || error.code !== "sign_in_required") throw error;
    if (!key) {
      throw new CliError(
        "auth",
        "sign_in_required",
        "only people signed in can open this: set NOTES_API_KEY (or --key) to a personal API key from the service's /me page",
      );
    }
    checkCredentialServer(link, server);
    const headers = credentialHeaders({ key });
    return { answer: await callApi(link.server, "GET", path, { headers }), headers };
  }
}
