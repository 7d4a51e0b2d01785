import { rateLimited, unavailable, type ApiParameter, type OpenApiOperation } from "../openapi/api-responses";
import { uploadStatusResponseSchema } from "../files/file-response-schemas";
import { maxWireChunkBytes } from "../files/file-limits";
import type { RouteDeclaration } from "./route-declaration";

// The files of a request's answer (docs/requests.md): the responder uploads them chunk by chunk
// after the answer, as a note's (lib/files), and the requester downloads their ciphertext with the
// owner proof. Served by the front server directly, so bodies stream both ways.

const uploadToken: ApiParameter = {
  name: "X-Upload-Token",
  in: "header",
  required: true,
  description: "the answer's upload_token",
};

const uploadRefusals = {
  403: { description: "X-Upload-Token missing, or not this answer's", codes: ["bad_upload_token"] },
  404: { description: "Unknown request, answer, file or chunk", codes: ["not_found"] },
  409: {
    description:
      "The answer's files are complete, or it was deleted, or its request expired, or its upload time ran out",
    codes: ["upload_closed"],
  },
} as const;

export const answerFileRoutes = [
  {
    pattern: "/api/v1/requests/[id]/answers/[number]/files/[index]",
    direct: true,
    methods: {
      GET: {
        summary:
          "Download an answer's file (the requester); or, with X-Upload-Token, how much of it is uploaded",
        description:
          "With X-Owner-Proof: the file's ciphertext chunks as uploaded (each 16 bytes longer than its " +
          "plaintext), which only the private link's key opens. With X-Upload-Token instead: the upload's " +
          "progress, to resume it (HEAD answers the same with Upload-Offset only).",
        auth: "owner-proof",
        parameters: [{ ...uploadToken, required: false }],
        responses: {
          200: {
            description: "The file (with X-Owner-Proof), or the upload's progress (with X-Upload-Token)",
            schema: uploadStatusResponseSchema,
            binary: true,
            headers: ["cache-control", "upload-offset", "content-disposition"],
          },
          403: {
            description: "X-Owner-Proof wrong, or X-Upload-Token missing or wrong",
            codes: ["wrong_owner_proof", "bad_upload_token"],
          },
          404: {
            description: "Unknown request, answer or file, or an answer whose files are still uploading",
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
    pattern: "/api/v1/requests/[id]/answers/[number]/files/[index]/chunks/[chunk]",
    direct: true,
    methods: {
      PUT: {
        summary: "Upload one chunk of an answer's file, in order",
        description:
          "As a note's chunks: chunk n holds the ciphertext of bytes n MiB to (n+1) MiB of the file (16 " +
          "bytes more). The last chunk of the last file makes the answer readable.",
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
            description: `${uploadRefusals[409].description}; or the chunk is stored already, or is not the next one`,
            codes: ["upload_closed", "chunk_exists", "chunk_out_of_order"],
          },
          413: { description: "More bytes than the chunk's size", codes: ["chunk_too_large"] },
          503: {
            description:
              "The database or the file store is not answering: nothing was stored, send the chunk again",
            codes: ["unavailable", "outcome_unknown"],
            headers: ["retry-after"],
          },
        },
      },
    },
  },
] as const satisfies readonly RouteDeclaration<OpenApiOperation>[];
