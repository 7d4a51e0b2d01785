import { sealNote } from "../../cli/lib/envelope.js";
import { encryptFileChunks, fileKey, newFileSalt } from "../../cli/lib/file-envelope.js";
import { uploadChunks } from "./file-transfer";
import { apiFor } from "./api-for";

// Notes whose files carry names of a test's choosing, sent as a sender of its own making would send
// them (sealNote seals any document; the server keeps a plain note's names as given once its check
// passes): for what the readers' pages and client show and save.

const encoder = new TextEncoder();

/** Creates a note (`body` plus the declared files) and uploads each file's chunks: its id. */
async function createAndUpload(
  base: string,
  body: Record<string, unknown>,
  files: Record<string, unknown>[],
  chunksOf: (index: number) => Promise<Buffer[]>,
) {
  const created = await apiFor(base).create({ ttl: "1h", ...body, files });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.json)}`);
  const targets = created.json.files as { upload_url: string }[];
  for (const [index, target] of targets.entries()) {
    await uploadChunks(target.upload_url, String(created.json.upload_token), await chunksOf(index));
  }
  return String(created.json.id);
}

/**
 * An end-to-end note of one page of `text` (none: files alone) and one file per name in `names`,
 * each holding `content`: its link, key included.
 */
export async function noteWithSealedNames(base: string, names: string[], content: string, text?: string) {
  const bytes = encoder.encode(content);
  const salts = names.map(() => newFileSalt());
  const sealed = await sealNote({
    pages: text === undefined ? [] : [{ title: "", content: text, format: "markdown" }],
    files: names.map((name, index) => ({
      name,
      type: "text/plain",
      size: bytes.length,
      salt: salts[index]!,
    })),
  });
  const id = await createAndUpload(
    base,
    { content: sealed.envelope, key_proof: sealed.keyProof, encrypted: true },
    names.map(() => ({ size: bytes.length })),
    async (index) => {
      const key = await fileKey(sealed.filesKey, salts[index]!);
      const chunks: Buffer[] = [];
      const source = (async function* () {
        yield bytes;
      })();
      for await (const chunk of encryptFileChunks(key, source, bytes.length)) chunks.push(Buffer.from(chunk));
      return chunks;
    },
  );
  return `${base}/${id}#${sealed.key}`;
}

/** A plain note of `text` and one file per name in `names`, each holding `content`: its link. */
export async function noteWithPlainNames(base: string, names: string[], content: string, text: string) {
  const bytes = Buffer.from(content);
  const id = await createAndUpload(
    base,
    { content: text },
    names.map((name) => ({ name, type: "text/plain", size: bytes.length })),
    async () => [bytes],
  );
  return `${base}/${id}`;
}
