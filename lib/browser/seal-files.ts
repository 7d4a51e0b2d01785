import { sealNote, type NotePageText } from "@/lib/crypto/envelope";
import { fileKey, newFileSalt } from "@/lib/crypto/file-envelope";

/**
 * Seals an end-to-end note: the envelope holds the pages and each file's name, type, size and salt;
 * each file's key comes from the envelope's own secret (the password stretched once) and its salt.
 */
export async function sealWithFiles(pages: NotePageText[], files: File[], password: string) {
  const described = files.map((file) => ({
    name: file.name,
    type: file.type || "application/octet-stream",
    size: file.size,
    salt: newFileSalt(),
  }));
  const sealed = await sealNote(files.length > 0 ? { pages, files: described } : { pages }, { password });
  const fileKeys = await Promise.all(described.map(({ salt }) => fileKey(sealed.filesKey, salt)));
  return { ...sealed, fileKeys };
}
