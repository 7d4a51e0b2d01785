import "server-only";
import { randomBase64 } from "../crypto/random-string";
import { hashSecret } from "../crypto/secret-hash";
import type { SealingKey } from "../crypto/seal";
import { env, sealingKeys } from "../env";
import type { DeclaredFile } from "./file-schemas";
import { sealFileLabel } from "./file-sealing";
import { checkFileLimits, chunkCount, fileChunkBytes } from "./file-limits";
import { reserveFiles, type FilePayer } from "./file-budget";
import type { NewFiles } from "./file-sql";

// The files a create declares: checked against the limits before anything is stored, and handed
// out with the token their chunks are uploaded with (shown once; stored as its SHA-256). Their bytes
// are reserved (the storage cap, the payer's budget) by `reserve`, once, before they are stored.

export type Uploads = {
  token: string;
  /** unix seconds */
  expires_at: number;
  files: { index: number; size: number; chunks: number }[];
};

type DeclaredFiles = {
  uploads: Uploads;
  /** the rows to store under note `id`, plain files' names sealed with `key` */
  rows: (id: string, key: SealingKey) => NewFiles;
  /** checks the storage cap and charges the payer; answers what gives the bytes back */
  reserve: () => Promise<() => Promise<void>>;
};

const defaultType = "application/octet-stream";

export function declareFiles(
  files: DeclaredFile[],
  options: { keyed: boolean; encrypted: boolean; payer: FilePayer | null },
): DeclaredFiles {
  checkFileLimits(
    files.map((file) => file.size),
    options.keyed,
  );
  const token = randomBase64(32, "url");
  const expiresAt = new Date((Math.floor(Date.now() / 1000) + env.UPLOAD_EXPIRY) * 1000);
  const chunksSealedBy = options.encrypted ? null : sealingKeys()[0].id;
  return {
    uploads: {
      token,
      expires_at: expiresAt.getTime() / 1000,
      files: files.map((file, index) => ({ index, size: file.size, chunks: chunkCount(file.size) })),
    },
    rows: (id, key) => ({
      uploadTokenHash: hashSecret(token),
      uploadExpiresAt: expiresAt,
      chargedTo: options.payer,
      list: files.map((file, index) => {
        const label =
          file.name === undefined
            ? null
            : sealFileLabel(key, id, index, { name: file.name, type: file.type ?? defaultType });
        return {
          file_index: index,
          size_bytes: file.size,
          chunk_count: chunkCount(file.size),
          name: label?.name ?? null,
          type: label?.type ?? null,
          sealed_by: label ? key.id : null,
          chunks_sealed_by: chunksSealedBy,
        };
      }),
    }),
    reserve: () =>
      reserveFiles(
        files.map((file) => file.size),
        options.payer,
      ),
  };
}

/** The 201's upload part: where each file's chunks go, under `filesUrl`, the owner's files' URL. */
export function toUploadsResponse(uploads: Uploads, filesUrl: string) {
  return {
    upload_token: uploads.token,
    upload_expires_at: uploads.expires_at,
    files: uploads.files.map((file) => ({
      ...file,
      chunk_bytes: fileChunkBytes,
      upload_url: `${filesUrl}/${file.index}`,
    })),
  };
}
