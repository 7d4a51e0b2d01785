// @ts-check
import { readFile } from "node:fs/promises";
import { callApi, credentialHeaders } from "./api.js";
import { CliError, usageError } from "./cli-error.js";
import { readAll } from "./create.js";
import { newFileSalt } from "./file-envelope.js";
import { localFiles, uploadFiles } from "./files.js";
import { serverBase } from "./link.js";
import { openAnswer, sealAnswerWithFiles } from "./request-envelope.js";
import { RequestEnvelopeError, generateRequestKeys, openRequestKey } from "./request-keys.js";
import { checkSaveDirectory, filesOf, saveFiles } from "./save-files.js";

/** @typedef {import("./main.js").Settings} Settings */
/** @typedef {{ server: string, id: string, key: string }} RequestLink */

const requestId = /^[A-Za-z0-9]{10}$/;

/**
 * A request's link `<server>/requests/<id>[#<private key>]` taken apart; the key, if any, never
 * leaves this process. A bare id (with or without `#<key>`) is a request on --server.
 * @param {string | undefined} link
 * @param {string | undefined} fallbackServer
 * @returns {RequestLink}
 */
export function parseRequestLink(link, fallbackServer) {
  if (!link) throw usageError("no link: give the request's link, <server>/requests/<id>");
  const hashAt = link.indexOf("#");
  const [before, key] = hashAt < 0 ? [link, ""] : [link.slice(0, hashAt), link.slice(hashAt + 1)];
  if (requestId.test(before)) return { server: serverBase(fallbackServer), id: before, key };
  let url;
  try {
    url = new URL(before);
  } catch {
    throw usageError(`${JSON.stringify(link)} is neither a request's link nor its id`);
  }
  const segments = url.pathname.split("/");
  const id = segments.pop() ?? "";
  if (!requestId.test(id) || segments.pop() !== "requests" || url.search) {
    throw usageError(`${JSON.stringify(link)} is not a request's link (<server>/requests/<id>)`);
  }
  return { server: serverBase(`${url.origin}${segments.join("/")}`), id, key };
}

/** @param {string | undefined} answers */
function answersOf(answers) {
  if (answers === undefined) return {};
  if (!/^[0-9]+$/.test(answers)) throw usageError(`--answers takes a number, not ${JSON.stringify(answers)}`);
  return { answers: Number(answers) };
}

/**
 * `notes request create --title T`: makes the key pair here, sends the public key and the owner
 * proof, prints the public link (for the responder) alone on stdout and the private link on stderr.
 * @param {Settings} settings
 */
async function createRequest({ values, server, key }) {
  if (!values.title) throw usageError("notes request create needs --title TEXT");
  const base = serverBase(server);
  const keys = await generateRequestKeys();
  const body = {
    title: values.title,
    ...(values.instructions !== undefined && { instructions: values.instructions }),
    ...answersOf(values.answers),
    ttl: values.ttl ?? "1d",
    ...(values["allow-files"] && { files_allowed: true }),
    public_key: keys.publicKey,
    owner_proof: keys.ownerProof,
  };
  const created = await callApi(base, "POST", "requests", { body, headers: credentialHeaders({ key }) });
  process.stdout.write(`${String(created?.url)}\n`);
  process.stderr.write(`private-link: ${String(created?.url)}#${keys.privateKey}\n`);
}

/**
 * The answer's text: from FILE, or stdin (`-`, or no FILE and no --file); with --file and no FILE,
 * the answer is its files alone.
 * @param {string | undefined} file
 * @param {boolean} withFiles
 */
async function answerText(file, withFiles) {
  if (file === undefined && withFiles) return "";
  const source = file ?? "-";
  let text;
  try {
    text = source === "-" ? await readAll(process.stdin) : await readFile(source, "utf8");
  } catch (error) {
    throw usageError(`cannot read ${source}: ${/** @type {Error} */ (error).message}`);
  }
  if (!text && !withFiles) {
    throw new CliError("usage", "empty_content", `${source === "-" ? "stdin" : source} is empty`);
  }
  return text;
}

/**
 * `notes request answer PUBLIC_LINK [FILE|-] [--file PATH]...`: seals the secret (and the files'
 * names) to the request's public key here, sends the envelope, then each file's sealed chunks.
 * @param {Settings} settings
 */
async function answerRequest({ positionals, server, values }) {
  const [, link, file] = positionals;
  const request = parseRequestLink(link, server);
  const attachments = await localFiles(values.file ?? []);
  const text = await answerText(file, attachments.length > 0);
  const shown = await callApi(request.server, "GET", `requests/${request.id}`);
  if (attachments.length > 0 && !shown?.files_allowed) {
    throw new CliError("refused", "files_not_allowed", "this request does not take files");
  }
  const files = attachments.map(({ name, type, size }) => ({ name, type, size, salt: newFileSalt() }));
  const sealed = await sealAnswerWithFiles(text, files.length > 0 ? files : undefined, {
    requestId: request.id,
    publicKey: String(shown?.public_key),
  });
  const answered = await callApi(request.server, "POST", `requests/${request.id}/answers`, {
    body: {
      envelope: sealed.envelope,
      ...(files.length > 0 && { files: files.map(({ size }) => ({ size })) }),
    },
  });
  if (files.length > 0) {
    const salts = files.map(({ salt }) => salt);
    await uploadFiles(answered ?? {}, attachments, { filesKey: sealed.filesKey, salts });
  }
  // The title is the requester's text: quoted as JSON, so it cannot move the cursor or end the line.
  process.stderr.write(
    `answered: answer ${String(answered?.number)} of ${JSON.stringify(String(shown?.title))}\n`,
  );
}

/**
 * The private link's key, opened and checked against the request's public key before any answer
 * is fetched: a key that is malformed or belongs to another request says so.
 * @param {RequestLink} request
 */
async function ownerProofOf(request) {
  if (!request.key) {
    throw new CliError(
      "decrypt",
      "bad_key",
      "the link has no key (#…): answers open only with the private link",
    );
  }
  try {
    await openRequestKey(request.key);
    const shown = await callApi(request.server, "GET", `requests/${request.id}`);
    return (await openRequestKey(request.key, String(shown?.public_key))).ownerProof;
  } catch (error) {
    if (error instanceof RequestEnvelopeError) throw new CliError("decrypt", error.reason, error.message);
    throw error;
  }
}

/**
 * Saves an opened answer's files into `directory`, downloaded with the owner proof; answers what was
 * saved.
 * @param {import("./api.js").Json} answer the answer as the server lists it (files[].download_url)
 * @param {Awaited<ReturnType<typeof openAnswer>>} opened
 * @param {string | undefined} directory
 * @param {Record<string, string>} headers
 */
async function answerFiles(answer, opened, directory, headers) {
  if (!opened.files || !opened.filesKey) return [];
  const document = /** @type {import("./envelope.js").NoteDocument} */ (
    /** @type {unknown} */ ({ files: opened.files })
  );
  const files = await filesOf(answer, { document, filesKey: opened.filesKey });
  const paths =
    directory === undefined
      ? []
      : await saveFiles(
          directory,
          files.map((file) => ({ ...file, headers })),
        );
  return files.map(({ name, type, size }, index) => ({ name, type, size, path: paths[index] ?? null }));
}

/**
 * `notes request read PRIVATE_LINK [--json] [--save DIR]`: every answer, opened here; with --save,
 * their files too, each opened chunk by chunk into DIR.
 * @param {Settings} settings
 */
async function readRequest({ positionals, server, values }) {
  const request = parseRequestLink(positionals[1], server);
  const directory = values.save === undefined ? undefined : await checkSaveDirectory(values.save);
  const headers = { "x-owner-proof": await ownerProofOf(request) };
  const list = await callApi(request.server, "GET", `requests/${request.id}/answers`, { headers });
  const answers = /** @type {{ number: number }[]} */ (list?.answers ?? []);
  const opened = [];
  for (const { number } of answers) {
    const answer = await callApi(request.server, "GET", `requests/${request.id}/answers/${number}`, {
      headers,
    });
    try {
      const open = await openAnswer(String(answer?.envelope), {
        requestId: request.id,
        privateKey: request.key,
      });
      const files = await answerFiles(answer ?? {}, open, directory, headers);
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
  if (values.json) return void process.stdout.write(`${JSON.stringify(opened)}\n`);
  for (const answer of opened) {
    const at = new Date(answer.created_at * 1000).toISOString();
    process.stdout.write(
      `==> answer ${answer.number}, ${at} <==\n${answer.text}${answer.text.endsWith("\n") ? "" : "\n"}`,
    );
    // Names are the responder's text: quoted as JSON, so they cannot move the cursor or end the line.
    for (const file of answer.files ?? []) {
      const where = file.path === null ? "not saved (give --save DIR)" : `saved: ${file.path}`;
      process.stderr.write(`answer ${answer.number}: file ${JSON.stringify(file.name)}, ${where}\n`);
    }
  }
}

const subcommands = { create: createRequest, answer: answerRequest, read: readRequest };
/** What each subcommand takes beside --server, --key and --help. */
export const requestOptions = {
  create: ["title", "instructions", "answers", "ttl", "allow-files"],
  answer: ["file"],
  read: ["json", "save"],
};

/**
 * `notes request create|answer|read …`
 * @param {Settings} settings
 */
export async function requestCommand(settings) {
  const name = settings.positionals[0] ?? "";
  if (!Object.hasOwn(subcommands, name)) throw usageError("notes request create|answer|read (notes --help)");
  const sub = /** @type {keyof typeof subcommands} */ (name);
  const stray = Object.keys(settings.values).find(
    (option) => !["server", "key", "help", ...requestOptions[sub]].includes(option),
  );
  if (stray) throw usageError(`notes request ${sub} does not take --${stray}`);
  const most = { create: 1, answer: 3, read: 2 }[sub];
  if (settings.positionals.length > most) throw usageError(`notes request ${sub}: too many arguments`);
  await subcommands[sub](settings);
}
