import { rateLimited, unavailable, type ApiParameter, type OpenApiOperation } from "../openapi/api-responses";
import { uploadStatusResponseSchema } from "../files/file-response-schemas";
import { chunkBodyLimit, chunkUpload } from "./file-routes";
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
        limit: "read",
        progressWithout: { header: "x-owner-proof" },
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
    bodyLimit: chunkBodyLimit,
    methods: {
      PUT: {
        limit: "upload",
        summary: "Upload one chunk of an answer's file, in order",
        description:
          "As a note's chunks: chunk n holds the ciphertext of bytes n MiB to (n+1) MiB of the file (16 " +
          "bytes more). The last chunk of the last file makes the answer readable.",
        ...chunkUpload(uploadToken, uploadRefusals),
      },
    },
  },
] as const satisfies readonly RouteDeclaration<OpenApiOperation>[];
