import "server-only";
import { queryRows } from "../db";
import { chunkStream } from "../files/download-file";
import { answerFileSql } from "../files/file-sql";
import { wireFileSize } from "../files/file-limits";
import { parseIndex } from "../files/upload-chunk";
import { ApiError } from "../http/api-error";
import type { OpenedRequest } from "./get-request";

type AnswerFileRow = { file_id: string; size: number; chunk_count: number; chunks_sealed_by: null };

/**
 * File `index` of answer `number`, for the requester (authorizeOwner): its ciphertext chunks as
 * stored, streamed one at a time. not_found for an unknown answer or file, or one still uploading.
 */
export async function downloadAnswerFile(request: OpenedRequest, number: number, index: string) {
  const [file] = await queryRows<AnswerFileRow>(answerFileSql(request.id, number, parseIndex(index)));
  if (!file) throw new ApiError("not_found", "No such file (the answer may have been deleted).");
  return { length: wireFileSize({ size: file.size, encrypted: true }), body: chunkStream(file) };
}
