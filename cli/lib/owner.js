// @ts-check
import { callApi, credentialHeaders } from "./api.js";
import { usageError } from "./cli-error.js";
import { parseLink } from "./link.js";

/** @typedef {import("./main.js").Settings} Settings */

/** @param {unknown} json */
const printJson = (json) => process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);

/**
 * The owner's proof: the API key that created the note, or the delete token of a keyless one.
 * @param {Settings} settings
 */
function ownerHeaders({ key, values, env }) {
  const token = values.token ?? env.NOTES_DELETE_TOKEN;
  if (!key && !token) {
    throw usageError(
      "only the note's owner may: give the key that created it (--key, NOTES_API_KEY) or its delete token (--token, NOTES_DELETE_TOKEN)",
    );
  }
  return credentialHeaders({ key, token });
}

/** `notes meta LINK`: the note's metadata as the API answers it. Never counts a view. */
export async function metaCommand(/** @type {Settings} */ { positionals, server, key }) {
  const { server: base, id } = parseLink(positionals[0], server);
  printJson(await callApi(base, "GET", `shares/${id}/meta`, { headers: credentialHeaders({ key }) }));
}

/** `notes delete LINK`: takes the note down; prints nothing. */
export async function deleteCommand(/** @type {Settings} */ settings) {
  const { server: base, id } = parseLink(settings.positionals[0], settings.server);
  await callApi(base, "DELETE", `shares/${id}`, { headers: ownerHeaders(settings) });
}

/** `notes events LINK`: the note's access log, as the API answers it. */
export async function eventsCommand(/** @type {Settings} */ settings) {
  const { server: base, id } = parseLink(settings.positionals[0], settings.server);
  printJson(await callApi(base, "GET", `shares/${id}/events`, { headers: ownerHeaders(settings) }));
}
