import { z } from "zod";

// The answer of GET /api/v1/cron/cleanup: how many notes the purge removed.
export const cleanupResponseSchema = z.strictObject({
  purged: z.strictObject({
    expired: z.int().min(0).describe("notes past their expiry"),
    burned: z.int().min(0).describe("notes burned by their last read"),
    abandoned: z.int().min(0).describe("notes whose files were not all uploaded within UPLOAD_EXPIRY"),
    files: z.int().min(0).describe("files whose chunks were deleted from the store"),
  }),
});

type CleanupResponse = z.infer<typeof cleanupResponseSchema>;

export const toCleanupResponse = (purged: CleanupResponse["purged"]): CleanupResponse => ({ purged });
