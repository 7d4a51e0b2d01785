// @ts-check
import { readFile } from "node:fs/promises";
import { callApi, credentialHeaders } from "./api.js";
import { CliError, usageError } from "./cli-error.js";
import { readAll } from "./create.js";
import { newFileSalt } from "./file-envelope.js";
import { localFiles, uploadFiles } from "./files.js";
import { parseRequestLink, serverBase } from "./link.js";
import { getAsMember } from "./members-only.js";
import { sealAnswerWithFiles } from "./request-envelope.js";
import { generateRequestKeys } from "./request-keys.js";
import { readRequest } from "./request-read.js";
import { writeErr, writeOut } from "./terminal.js";

/** @typedef {import("./main.js").Settings} Settings */

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
  writeOut(`${String(created?.url)}\n`);
  writeErr(`private-link: ${String(created?.url)}#${keys.privateKey}\n`);
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
async function answerRequest({ positionals, server, key, values }) {
  const [, link, file] = positionals;
  const request = parseRequestLink(link, server);
  const attachments = await localFiles(values.file ?? []);
  const text = await answerText(file, attachments.length > 0);
  const { answer: shown, headers } = await getAsMember(request, `requests/${request.id}`, { server, key });
  if (attachments.length > 0 && !shown?.files_allowed) {
    throw new CliError("refused", "files_not_allowed", "this request does not take files");
  }
  const files = attachments.map(({ name, type, size }) => ({ name, type, size, salt: newFileSalt() }));
  const sealed = await sealAnswerWithFiles(text, files.length > 0 ? files : undefined, {
    requestId: request.id,
    publicKey: String(shown?.public_key),
  });
  const answered = await callApi(request.server, "POST", `requests/${request.id}/answers`, {
    headers,
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
  writeErr(`answered: answer ${String(answered?.number)} of ${JSON.stringify(String(shown?.title))}\n`);
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
