import "server-only";
import { queryRows } from "../db";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import { heldFileBytesSql } from "./file-sql";

// FILES_STORAGE_CAP (docs/files.md#budgets-and-the-storage-cap): the declared bytes of every file
// held (uploading, complete, or waiting for the cleanup) plus a create's new ones may not pass it.
// Checked just before the insert, not in it: creates checked at the same moment can each pass, so
// two racing near the cap take it past by at most one create's files.

/** Refuses `bytes` more of files, 507 storage_full, when they would take the files held past the cap. */
export async function checkStorageCap(bytes: number): Promise<void> {
  const cap = env.FILES_STORAGE_CAP;
  if (cap === undefined || bytes === 0) return;
  const [held] = await queryRows<{ bytes: number }>(heldFileBytesSql());
  if ((held?.bytes ?? 0) + bytes <= cap) return;
  throw new ApiError(
    "storage_full",
    "This server holds as many file bytes as it may: a note or answer with files cannot be created " +
      "now. Notes without files still can.",
  );
}
