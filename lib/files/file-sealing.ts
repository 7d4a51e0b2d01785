import { openBytes, sealBytes } from "../crypto/seal-bytes";
import { open, seal, SealError, type SealingKey } from "../crypto/seal";

// A server-sealed file at rest (a note created without end-to-end encryption): its name and type
// are sealed like a page's fields (with the password's key on a password note), each chunk with a
// server key, bound to the file's id, the chunk's index and whether it is the last, so chunks
// cannot be swapped, reordered, moved between files or cut off at a chunk boundary unnoticed.

const fieldData = (noteId: string, fileIndex: number, field: "name" | "type") =>
  `notes/v1|${noteId}|file ${fileIndex}|${field}`;

const chunkData = (fileId: string, index: number, last: boolean) =>
  `notes/v1|file chunk|${fileId}|${index}|${last ? "last" : "more"}`;

type FileLabel = { name: string; type: string };

export function sealFileLabel(
  key: SealingKey,
  noteId: string,
  fileIndex: number,
  label: FileLabel,
): FileLabel {
  return {
    name: seal(key, label.name, fieldData(noteId, fileIndex, "name")),
    type: seal(key, label.type, fieldData(noteId, fileIndex, "type")),
  };
}

export function openFileLabel(
  keys: readonly SealingKey[],
  noteId: string,
  fileIndex: number,
  label: FileLabel,
): FileLabel {
  return {
    name: open(keys, label.name, fieldData(noteId, fileIndex, "name")),
    type: open(keys, label.type, fieldData(noteId, fileIndex, "type")),
  };
}

type ChunkPlace = { fileId: string; index: number; last: boolean };

export function sealChunk(key: SealingKey, place: ChunkPlace, plaintext: Uint8Array): Buffer {
  return sealBytes(key, plaintext, chunkData(place.fileId, place.index, place.last));
}

/** The chunk's plaintext, opened with the key `keyId` names among `keys`. */
export function openChunk(
  keys: readonly SealingKey[],
  keyId: string,
  place: ChunkPlace,
  sealed: Uint8Array,
): Buffer {
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new SealError(`The file was sealed by key ${keyId}, which is not configured.`);
  return openBytes(key, sealed, chunkData(place.fileId, place.index, place.last));
}
