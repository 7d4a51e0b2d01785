import "server-only";
import { passwordKeyId } from "../crypto/password-hash";
import { hashSecret } from "../crypto/secret-hash";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { assertNoteId, notFound } from "../notes/note-id";
import { assertSignedIn, type SignedIn } from "../people/sign-in-gate";
import { openFileLabel, openChunk } from "./file-sealing";
import { wireFileSize } from "./file-limits";
import { grantedFileSql } from "./file-sql";
import { fileStore } from "./file-store";
import { parseIndex } from "./upload-chunk";
import { movedBytes } from "../process/young-garbage";

// A download: the file's chunks, one at a time from the store to the client, never the whole file.
// An end-to-end file goes out as stored (ciphertext the reader opens); a plain file's chunks are
// opened on the way.

type GrantedFileRow = {
  file_id: string;
  share_id: string;
  size: number;
  chunk_count: number;
  name: string | null;
  type: string | null;
  sealed_by: string | null;
  chunks_sealed_by: string | null;
  sign_in_required: boolean;
};

type Download = {
  /** bytes on the wire: the Content-Length */
  length: number;
  /** a plain file's name, for Content-Disposition; null for end-to-end */
  name: string | null;
  body: ReadableStream<Uint8Array>;
};

/** Each chunk as it leaves the store (opened, for a plain file), pulled only as the client reads. */
export function chunkStream(
  file: Pick<GrantedFileRow, "file_id" | "chunk_count" | "chunks_sealed_by">,
): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Uint8Array> | undefined;
  let index = 0;
  let sent = 0;
  const keyId = file.chunks_sealed_by;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Counted when the client asks for the next one: the chunk sent last is out of our hands.
        movedBytes(sent);
        chunks ??= (await fileStore()).readChunks(file.file_id, 0, file.chunk_count)[Symbol.asyncIterator]();
        const next = await chunks.next();
        if (next.done) return controller.close();
        sent = next.value.byteLength;
        const place = { fileId: file.file_id, index, last: index === file.chunk_count - 1 };
        index++;
        controller.enqueue(keyId === null ? next.value : openChunk(sealingKeys(), keyId, place, next.value));
      },
      async cancel() {
        await chunks?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * File `index` of note `id` for the holder of a read's grant (signed in, for a note for members
 * only); not_found for anything else.
 */
export async function downloadFile(options: {
  id: string;
  index: string;
  grant: string;
  signedIn: SignedIn;
}): Promise<Download> {
  assertNoteId(options.id);
  const index = parseIndex(options.index);
  const [file] = await queryRows<GrantedFileRow>(
    grantedFileSql(options.id, index, hashSecret(options.grant)),
  );
  if (!file) throw notFound();
  await assertSignedIn(file.sign_in_required, options.signedIn, "note");
  const encrypted = file.chunks_sealed_by === null;
  const label =
    file.name !== null && file.type !== null && file.sealed_by !== null && file.sealed_by !== passwordKeyId
      ? openFileLabel(sealingKeys(), file.share_id, index, { name: file.name, type: file.type })
      : null;
  return {
    length: wireFileSize({ size: file.size, encrypted }),
    name: label?.name ?? null,
    body: chunkStream(file),
  };
}
