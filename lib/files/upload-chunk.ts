import "server-only";
import { bytesSha256Hex } from "../crypto/digest";
import { secretMatchesHash } from "../crypto/secret-hash";
import { sealingKeys } from "../env";
import { queryRows } from "../db";
import { ApiError } from "../http/api-error";
import type { ApiRequest } from "../http/api-request";
import { assertNoteId, notFound } from "../notes/note-id";
import type { FileOwner } from "./file-owner";
import { sealChunk } from "./file-sealing";
import { wireChunkSize } from "./file-limits";
import { chunkClaimSql, claimChunkSql, commitChunkSql, releaseChunkSql, uploadTargetSql } from "./file-sql";
import { fileStore } from "./file-store";
import { FileStoreUnavailable } from "./file-store-interface";
import { movedBytes } from "../process/young-garbage";

// Uploads of a note's or an answer's file chunks, one chunk per request, in order. A chunk is read from the
// request's stream up to its exact expected size, never more, then stored; it counts as received
// only once the store has it, so a failure leaves the same chunk to send again.

type UploadTarget = {
  upload_token_hash: string | null;
  encrypted: boolean;
  open: boolean;
  file_id: string | null;
  size: number;
  chunk_count: number;
  received_chunks: number;
  chunks_sealed_by: string | null;
};

/** A whole number that fits an int column; anything else is an unknown file or chunk. */
export function parseIndex(text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw notFound();
  return Number(text);
}

/**
 * The file `index` of `owner` for the holder of `token`: not_found for an unknown owner or file,
 * bad_upload_token for a missing or wrong token, upload_closed once the owner is complete, read,
 * deleted, expired or its upload time ran out.
 */
async function uploadTarget(owner: FileOwner, index: number, token: string | null) {
  assertNoteId("note" in owner ? owner.note : owner.request);
  const what = "note" in owner ? "note" : "answer";
  const [target] = await queryRows<UploadTarget>(uploadTargetSql(owner, index));
  if (!target) throw notFound();
  if (token === null || !secretMatchesHash(token, target.upload_token_hash)) {
    throw new ApiError(
      "bad_upload_token",
      `X-Upload-Token is missing or is not this ${what}'s upload token.`,
    );
  }
  if (!target.open) {
    throw new ApiError(
      "upload_closed",
      `This ${what} takes no more uploads: its files are complete, or it was read, deleted or expired, or its upload time ran out.`,
    );
  }
  if (target.file_id === null) throw new ApiError("not_found", `This ${what} has no file ${index}.`);
  return { ...target, file_id: target.file_id };
}

const sha256Hex = /^[0-9a-f]{64}$/i;

/** Reads exactly `size` bytes from `body`: more is chunk_too_large (unread), fewer bad_chunk_size. */
async function readChunk(body: ReadableStream<Uint8Array> | null, size: number): Promise<Buffer> {
  const chunk = Buffer.alloc(size);
  let received = 0;
  const reader = body?.getReader();
  // A client that leaves mid-chunk ends the body early: the same as a short chunk (nobody hears it).
  const next = () => reader?.read().catch(() => undefined);
  for (let part = await next(); part && !part.done; part = await next()) {
    if (received + part.value.byteLength > size) {
      await reader?.cancel();
      throw new ApiError("chunk_too_large", `This chunk is ${size} bytes; more was sent.`);
    }
    chunk.set(part.value, received);
    received += part.value.byteLength;
  }
  if (received !== size) {
    throw new ApiError("bad_chunk_size", `This chunk must be exactly ${size} bytes; ${received} were sent.`);
  }
  return chunk;
}

const unavailable = () =>
  new ApiError(
    "unavailable",
    "The file store is not answering, and nothing was stored; send this chunk again shortly.",
  );

/** The server key a plain file's chunks are sealed with; null for end-to-end ciphertext. */
function chunkKey(keyId: string | null) {
  if (keyId === null) return null;
  const key = sealingKeys().find((candidate) => candidate.id === keyId);
  if (!key) throw new Error(`The file's chunks are sealed by key ${keyId}, which is not configured.`);
  return key;
}

/**
 * The refusal of a chunk another upload claimed first: stored by now (chunk_exists), or still
 * claimed, by an upload that is storing it or by a process that died meanwhile, whose claim lapses
 * by itself (chunk_in_progress, with Retry-After: the seconds left). Never "stored" for what is not.
 */
async function unclaimable(fileId: string, chunk: number): Promise<ApiError> {
  const [file] = await queryRows<{ received_chunks: number; claimed_seconds: number }>(chunkClaimSql(fileId));
  if (!file) return new ApiError("not_found", "No such file.");
  if (file.received_chunks > chunk) return new ApiError("chunk_exists", `Chunk ${chunk} is already stored.`);
  return new ApiError(
    "chunk_in_progress",
    `Chunk ${chunk} is being stored by another upload, or was by one that stopped; send it again after Retry-After, or ask how many chunks are stored.`,
    Math.max(1, file.claimed_seconds),
  );
}

/**
 * Stores chunk `chunk` of file `index` of `owner` and answers how many chunks of the file are now
 * stored. The order checks hold under parallel uploads: the chunk is claimed in one statement that
 * only one upload can win (claimChunkSql) and recorded by another once stored.
 */
export async function uploadChunk(options: {
  owner: FileOwner;
  index: number;
  chunk: number;
  token: string | null;
  request: ApiRequest;
}): Promise<number> {
  const { owner, index, chunk, token, request } = options;
  const target = await uploadTarget(owner, index, token);
  if (chunk >= target.chunk_count) {
    throw new ApiError("not_found", `File ${index} has ${target.chunk_count} chunk(s), numbered from 0.`);
  }
  if (chunk < target.received_chunks) throw new ApiError("chunk_exists", `Chunk ${chunk} is already stored.`);
  if (chunk > target.received_chunks) {
    throw new ApiError(
      "chunk_out_of_order",
      `Chunks are sent in order: the next one of file ${index} is ${target.received_chunks}.`,
    );
  }
  const size = wireChunkSize({ size: target.size, encrypted: target.encrypted }, chunk);
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > size) {
    throw new ApiError("chunk_too_large", `This chunk is ${size} bytes; Content-Length says ${declared}.`);
  }
  if (declared !== null && Number(declared) < size) {
    throw new ApiError(
      "bad_chunk_size",
      `This chunk must be exactly ${size} bytes; Content-Length says ${declared}.`,
    );
  }
  const digest = request.headers.get("x-chunk-sha256");
  if (digest !== null && !sha256Hex.test(digest)) {
    throw new ApiError("chunk_digest_mismatch", "X-Chunk-SHA256 must be 64 hexadecimal digits.");
  }
  // Counted before the chunk is read, when the chunks before it are garbage.
  movedBytes(size);
  const bytes = await readChunk(request.body, size);
  if (digest !== null && bytesSha256Hex(bytes) !== digest.toLowerCase()) {
    throw new ApiError(
      "chunk_digest_mismatch",
      "The chunk's SHA-256 is not X-Chunk-SHA256: it was damaged on the way.",
    );
  }
  const [claimed] = await queryRows(claimChunkSql(target.file_id, chunk));
  if (!claimed) throw await unclaimable(target.file_id, chunk);
  const place = { fileId: target.file_id, index: chunk, last: chunk === target.chunk_count - 1 };
  const key = chunkKey(target.chunks_sealed_by);
  try {
    const stored = key ? sealChunk(key, place, bytes) : bytes;
    await (await fileStore()).putChunk(target.file_id, chunk, stored);
  } catch (error) {
    await queryRows(releaseChunkSql(target.file_id, chunk));
    throw error instanceof FileStoreUnavailable ? unavailable() : error;
  }
  const [done] = await queryRows<{ received_chunks: number }>(commitChunkSql(target.file_id, chunk));
  return done?.received_chunks ?? chunk + 1;
}

/** How much of file `index` is stored, for an upload to resume from. */
export async function uploadStatus(options: { owner: FileOwner; index: string; token: string | null }) {
  const index = parseIndex(options.index);
  const target = await uploadTarget(options.owner, index, options.token);
  return { index, size: target.size, chunks: target.chunk_count, received: target.received_chunks };
}
