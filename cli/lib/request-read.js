// @ts-check
import { callApi } from "./api.js";
import { CliError } from "./cli-error.js";
import { parseRequestLink } from "./link.js";
import { getAsMember } from "./members-only.js";
import { openAnswer } from "./request-envelope.js";
import { RequestEnvelopeError, openRequestKey } from "./request-keys.js";
import { checkSaveDirectory, checkSaved, filesOf, saveFiles } from "./save-files.js";
import { writeErr, writeOut } from "./terminal.js";

// The requester's side of `notes request`: the answers, listed and fetched with the owner proof and
// opened here with the private link's key, their files saved with --save.

/** @typedef {import("./main.js").Settings} Settings */

/**
 * The private link's key, opened and checked against the request's public key before any answer
 * is fetched: a key that is malformed or belongs to another request says so.
 * @param {import("./link.js").NoteLink} request
 * @param {{ server: string | undefined, key: string | undefined }} settings for a request for members only
 */
async function ownerProofOf(request, settings) {
  if (!request.key) {
    throw new CliError(
      "decrypt",
      "bad_key",
      "the link has no key (#…): answers open only with the private link",
    );
  }
  try {
    await openRequestKey(request.key);
    const { answer: shown } = await getAsMember(request, `requests/${request.id}`, settings);
    return (await openRequestKey(request.key, String(shown?.public_key))).ownerProof;
  } catch (error) {
    if (error instanceof RequestEnvelopeError) throw new CliError("decrypt", error.reason, error.message);
    throw error;
  }
}

/**
 * Saves an opened answer's files into `directory`, downloaded with the owner proof; answers what was
 * saved, and adds the files that could not be to `failures`.
 * @param {import("./api.js").Json} answer the answer as the server lists it (files[].download_url)
 * @param {Awaited<ReturnType<typeof openAnswer>>} opened
 * @param {{ directory: string | undefined, headers: Record<string, string>, failures: CliError[] }} saving
 */
async function answerFiles(answer, opened, { directory, headers, failures }) {
  if (!opened.files || !opened.filesKey) return [];
  const document = /** @type {import("./envelope.js").NoteDocument} */ (
    /** @type {unknown} */ ({ files: opened.files })
  );
  const files = await filesOf(answer, { document, filesKey: opened.filesKey }, headers);
  const saved = directory === undefined ? { paths: [], failures: [] } : await saveFiles(directory, files);
  failures.push(...saved.failures);
  return files.map(({ name, type, size }, index) => ({ name, type, size, path: saved.paths[index] ?? null }));
}

/**
 * `notes request read PRIVATE_LINK [--json] [--save DIR]`: every answer, opened here; with --save,
 * their files too, each opened chunk by chunk into DIR.
 * @param {Settings} settings
 */
export async function readRequest({ positionals, server, key, values }) {
  const request = parseRequestLink(positionals[1], server);
  const directory = values.save === undefined ? undefined : await checkSaveDirectory(values.save);
  const headers = { "x-owner-proof": await ownerProofOf(request, { server, key }) };
  const list = await callApi(request.server, "GET", `requests/${request.id}/answers`, { headers });
  const answers = /** @type {{ number: number }[]} */ (list?.answers ?? []);
  const opened = [];
  /** @type {CliError[]} */
  const failures = [];
  for (const { number } of answers) {
    const answer = await callApi(request.server, "GET", `requests/${request.id}/answers/${number}`, {
      headers,
    });
    try {
      const open = await openAnswer(String(answer?.envelope), {
        requestId: request.id,
        privateKey: request.key,
      });
      const files = await answerFiles(answer ?? {}, open, { directory, headers, failures });
      // "files" only on an answer with files, so that text answers print as they always have.
      opened.push({
        number,
        created_at: Number(answer?.created_at),
        text: open.text,
        ...(files.length > 0 && { files }),
      });
    } catch (error) {
      if (error instanceof RequestEnvelopeError)
        throw new CliError("decrypt", error.reason, `answer ${number}: ${error.message}`);
      throw error;
    }
  }
  const fileCount = opened.reduce((count, answer) => count + (answer.files?.length ?? 0), 0);
  if (values.json) {
    writeOut(`${JSON.stringify(opened)}\n`);
    return checkSaved(failures, fileCount);
  }
  for (const answer of opened) {
    const at = new Date(answer.created_at * 1000).toISOString();
    writeOut(
      `==> answer ${answer.number}, ${at} <==\n${answer.text}${answer.text.endsWith("\n") ? "" : "\n"}`,
    );
    // Names are the responder's text: quoted as JSON, so they cannot move the cursor or end the line.
    for (const file of answer.files ?? []) {
      const where =
        file.path !== null
          ? `saved: ${file.path}`
          : directory === undefined
            ? "not saved (give --save DIR)"
            : "not saved (above)";
      writeErr(`answer ${answer.number}: file ${JSON.stringify(file.name)}, ${where}\n`);
    }
  }
  checkSaved(failures, fileCount);
}
