import {
  rateLimited,
  signInRequired,
  unavailable,
  type ApiParameter,
  type ApiResponse,
  type OpenApiOperation,
} from "../openapi/api-responses";
import { ApiError } from "../http/api-error";
import { uploadStatusResponseSchema } from "../files/file-response-schemas";
import { maxWireChunkBytes } from "../files/file-limits";
import type { RouteDeclaration } from "./route-declaration";

// The files of a note (docs/files.md): uploaded chunk by chunk after the create, downloaded with a
// read's grant. Served by the front server directly, so bodies stream both ways.

const uploadToken: ApiParameter = {
  name: "X-Upload-Token",
  in: "header",
  required: true,
  description: "the create's upload_token",
};

const uploadRefusals = {
  403: { description: "X-Upload-Token missing, or not this note's", codes: ["bad_upload_token"] },
  404: { description: "Unknown note, file or chunk", codes: ["not_found"] },
  409: {
    description:
      "The note's files are complete, or it was read, deleted or expired, or its upload time ran out",
    codes: ["upload_closed"],
  },
} as const;

type UploadRefusals = Record<403 | 404 | 409, ApiResponse>;

/** A chunk's upload, of a note's file or an answer's, takes one chunk at most: the longest there is. */
export const chunkBodyLimit = {
  maxBytes: maxWireChunkBytes,
  refusal: () => new ApiError("chunk_too_large", `A chunk is at most ${maxWireChunkBytes} bytes.`),
};

/**
 * What a chunk PUT takes and answers, for a note's files and an answer's alike: the upload token
 * and refusals are the owner's own.
 */
export function chunkUpload(uploadToken: ApiParameter, uploadRefusals: UploadRefusals) {
  return {
    binaryBody: `the chunk's bytes, exactly its size (at most ${maxWireChunkBytes} bytes)`,
    parameters: [
      uploadToken,
      {
        name: "X-Chunk-SHA256",
        in: "header",
        required: false,
        description: "hex SHA-256 of the body, checked before it is stored",
      },
    ],
    responses: {
      204: { description: "Stored", headers: ["upload-offset"] },
      400: {
        description: "The body is not the chunk's exact size, or its SHA-256 is not X-Chunk-SHA256",
        codes: ["bad_chunk_size", "chunk_digest_mismatch"],
      },
      ...uploadRefusals,
      409: {
        description: `${uploadRefusals[409].description}; or the chunk is stored already, is not the next one, or is being stored by another upload (or was, by a process that stopped): chunk_in_progress carries Retry-After, when to send it again`,
        codes: ["upload_closed", "chunk_exists", "chunk_out_of_order", "chunk_in_progress"],
      },
      413: { description: "More bytes than the chunk's size", codes: ["chunk_too_large"] },
      429: { ...rateLimited, description: "Too many chunk uploads from this address (RATE_LIMIT_UPLOAD)" },
      503: {
        description:
          "The database or the file store is not answering: nothing was stored, send the chunk again",
        codes: ["unavailable", "outcome_unknown"],
        headers: ["retry-after"],
      },
    },
  } as const;
}

export const fileRoutes = [
  {
    pattern: "/api/v1/shares/[id]/files/[index]",
    direct: true,
    methods: {
      GET: {
        limit: "read",
        progressWithout: { query: "grant" },
        summary: "Download a file with a read's grant; or, with X-Upload-Token, how much of it is uploaded",
        description:
          "With ?grant= (from a read's download_url, valid FILE_GRANT_SECONDS): the file's bytes, chunk " +
          "after chunk: an end-to-end file's ciphertext chunks (each 16 bytes longer than its plaintext), " +
          "a plain file's plaintext. With X-Upload-Token instead: the upload's progress, to resume it " +
          "(HEAD answers the same with Upload-Offset only).",
        parameters: [
          { name: "grant", in: "query", required: false, description: "a read's download grant" },
          { ...uploadToken, required: false },
        ],
        responses: {
          200: {
            description: "The file (with grant), or the upload's progress (with X-Upload-Token)",
            schema: uploadStatusResponseSchema,
            binary: true,
            headers: ["cache-control", "upload-offset", "content-disposition"],
          },
          401: signInRequired,
          403: uploadRefusals[403],
          404: {
            description: "Unknown note or file, or a grant that is wrong, expired, or for another note",
            codes: ["not_found"],
          },
          409: uploadRefusals[409],
          429: rateLimited,
          503: unavailable,
        },
      },
    },
  },
  {
    pattern: "/api/v1/shares/[id]/files/[index]/chunks/[chunk]",
    direct: true,
    bodyLimit: chunkBodyLimit,
    methods: {
      PUT: {
        limit: "upload",
        summary: "Upload one chunk of a file, in order",
        description:
          "Chunk n of a file holds bytes n MiB to (n+1) MiB of it (end-to-end: their ciphertext, 16 " +
          "bytes more). Send them in order; after a dropped connection, GET the file's URL with " +
          "X-Upload-Token and continue from `received`. The last chunk of the last file makes the " +
          "note readable.",
        ...chunkUpload(uploadToken, uploadRefusals),
      },
    },
  },
] as const satisfies readonly RouteDeclaration<OpenApiOperation>[];
