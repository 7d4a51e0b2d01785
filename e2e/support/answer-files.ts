import { sha256 } from "./files";
import { decryptFileChunks, encryptFileChunks, fileKey, newFileSalt } from "../../lib/crypto/file-envelope";
import { generateRequestKeys, openAnswer, sealAnswerWithFiles } from "../../lib/crypto/request-envelope";

// Files in answers to requests, moved as the pages and the CLI move them: the responder seals the
// names in the answer and each file's chunks under the answer's files key, and uploads the
// ciphertext; the requester downloads it with the owner proof and opens it with the private key.

type Json = Record<string, unknown>;
type Requester = { id: string; privateKey: string; publicKey: string; owner: Record<string, string> };
export type AnswerFile = { name: string; type: string; bytes: Buffer };

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as Json };
}

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

export async function createRequest(base: string, fields: Json = {}): Promise<Requester> {
  const keys = await generateRequestKeys();
  const created = await postJson(`${base}/api/v1/requests`, {
    title: "Your key file",
    ttl: "1d",
    public_key: keys.publicKey,
    owner_proof: keys.ownerProof,
    ...fields,
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.json)}`);
  return { id: String(created.json.id), ...keys, owner: { "x-owner-proof": keys.ownerProof } };
}

/** Seals `text` and the files' names, posts the answer declaring their sizes: the raw answer and what to upload. */
export async function postAnswer(
  base: string,
  requester: Requester,
  text: string,
  files: AnswerFile[],
  headers: Record<string, string> = {},
) {
  const sealedFiles = files.map((file) => ({
    name: file.name,
    type: file.type,
    size: file.bytes.length,
    salt: newFileSalt(),
  }));
  const sealed = await sealAnswerWithFiles(text, sealedFiles, {
    requestId: requester.id,
    publicKey: requester.publicKey,
  });
  const answered = await postJson(
    `${base}/api/v1/requests/${requester.id}/answers`,
    {
      envelope: sealed.envelope,
      files: sealedFiles.map((file) => ({ size: file.size })),
    },
    headers,
  );
  /** each file's wire chunks, sealed as the pages and the CLI seal them */
  const wireChunks = async (index: number) => {
    const file = files[index]!;
    const key = await fileKey(sealed.filesKey, sealedFiles[index]!.salt);
    const chunks: Buffer[] = [];
    for await (const chunk of encryptFileChunks(
      key,
      (async function* () {
        yield file.bytes;
      })(),
      file.bytes.length,
    )) {
      chunks.push(Buffer.from(chunk));
    }
    return chunks;
  };
  return { ...answered, wireChunks };
}

/** Answers with files and uploads every chunk: the answer's number. */
export async function answerWithFiles(base: string, requester: Requester, text: string, files: AnswerFile[]) {
  const answered = await postAnswer(base, requester, text, files);
  if (answered.status !== 201) throw new Error(`answer: ${answered.status} ${JSON.stringify(answered.json)}`);
  const targets = answered.json.files as { upload_url: string }[];
  for (const [index, target] of targets.entries()) {
    for (const [chunk, bytes] of (await answered.wireChunks(index)).entries()) {
      const put = await fetch(`${target.upload_url}/chunks/${chunk}`, {
        method: "PUT",
        headers: { "x-upload-token": String(answered.json.upload_token) },
        body: bytes as Uint8Array<ArrayBuffer>,
      });
      if (put.status !== 204) throw new Error(`chunk ${chunk}: ${put.status} ${await put.text()}`);
    }
  }
  return { number: Number(answered.json.number), json: answered.json };
}

/** The requester fetches answer `number`, opens it, and downloads and opens each of its files. */
export async function openAnswerFiles(base: string, requester: Requester, number: number) {
  const fetched = await call(`${base}/api/v1/requests/${requester.id}/answers/${number}`, {
    headers: requester.owner,
  });
  if (fetched.status !== 200) throw new Error(`read: ${fetched.status} ${JSON.stringify(fetched.json)}`);
  const opened = await openAnswer(String(fetched.json.envelope), {
    requestId: requester.id,
    privateKey: requester.privateKey,
  });
  const listed = fetched.json.files as { index: number; size: number; download_url: string }[];
  const files = [];
  for (const [index, entry] of listed.entries()) {
    const sealed = opened.files![index]!;
    const response = await fetch(entry.download_url, { headers: requester.owner });
    if (response.status !== 200) throw new Error(`download: ${response.status} ${await response.text()}`);
    const key = await fileKey(opened.filesKey!, sealed.salt);
    const parts: Uint8Array[] = [];
    const body = response.body as unknown as AsyncIterable<Uint8Array>;
    for await (const chunk of decryptFileChunks(key, body, sealed.size)) parts.push(chunk);
    files.push({ name: sealed.name, type: sealed.type, sha256: sha256(Buffer.concat(parts)) });
  }
  return { text: opened.text, listed, files };
}
