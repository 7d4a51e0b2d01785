import { sealNote, type NotePageText } from "@/lib/crypto/envelope";
import { fileKey, newFileSalt } from "@/lib/crypto/file-envelope";
import { sealAnswerWithFiles } from "@/lib/crypto/request-envelope";

/** Each file's name, type, size and a fresh salt: what an envelope holds of it. */
const describe = (files: File[]) =>
  files.map((file) => ({
    name: file.name,
    type: file.type || "application/octet-stream",
    size: file.size,
    salt: newFileSalt(),
  }));

/**
 * Seals an end-to-end note: the envelope holds the pages and each file's name, type, size and salt;
 * each file's key comes from the envelope's own secret (the password stretched once) and its salt.
 */
export async function sealWithFiles(pages: NotePageText[], files: File[], password: string) {
  const described = describe(files);
  const sealed = await sealNote(files.length > 0 ? { pages, files: described } : { pages }, { password });
  const fileKeys = await Promise.all(described.map(({ salt }) => fileKey(sealed.filesKey, salt)));
  return { ...sealed, fileKeys };
}

/**
 * Seals an answer to a request: the envelope holds the text and each file's name, type, size and
 * salt; each file's key comes from the answer's ECDH secret and its salt.
 */
export async function sealAnswerFiles(
  text: string,
  files: File[],
  to: { requestId: string; publicKey: string },
) {
  const described = describe(files);
  const sealed = await sealAnswerWithFiles(text, files.length > 0 ? described : undefined, to);
  const fileKeys = await Promise.all(described.map(({ salt }) => fileKey(sealed.filesKey, salt)));
  return { envelope: sealed.envelope, fileKeys };
}
