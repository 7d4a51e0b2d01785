// @ts-check
import { callApi, credentialHeaders } from "./api.js";
import { usageError } from "./cli-error.js";
import { checkCredentialServer, parseLink } from "./link.js";
import { writeOut } from "./terminal.js";

/** @typedef {import("./main.js").Settings} Settings */

/** @param {unknown} json */
const printJson = (json) => writeOut(`${JSON.stringify(json, null, 2)}\n`);

/**
 * The note a delete or events call names, and the owner's proof to send with it: the API key that
 * created the note, or the delete token of a keyless one, only ever to the configured server.
 * @param {Settings} settings
 */
function ownerCall({ positionals, server, key, values, env }) {
  const link = parseLink(positionals[0], server);
  const token = values.token ?? env.NOTES_DELETE_TOKEN;
  if (!key && !token) {
    throw usageError(
      "only the note's owner may: give the key that created it (--key, NOTES_API_KEY) or its delete token (--token, NOTES_DELETE_TOKEN)",
    );
  }
  checkCredentialServer(link, server);
  return { base: link.server, id: link.id, headers: credentialHeaders({ key, token }) };
}

/** `notes meta LINK`: the note's metadata as the API answers it. Never counts a view, sends no key. */
export async function metaCommand(/** @type {Settings} */ { positionals, server }) {
  const { server: base, id } = parseLink(positionals[0], server);
  printJson(await callApi(base, "GET", `shares/${id}/meta`));
}

/** `notes delete LINK`: takes the note down; prints nothing. */
export async function deleteCommand(/** @type {Settings} */ settings) {
  const { base, id, headers } = ownerCall(settings);
  await callApi(base, "DELETE", `shares/${id}`, { headers });
}

/** `notes events LINK`: the note's access log, as the API answers it. */
export async function eventsCommand(/** @type {Settings} */ settings) {
  const { base, id, headers } = ownerCall(settings);
  printJson(await callApi(base, "GET", `shares/${id}/events`, { headers }));
}
