-- AlterTable
ALTER TABLE "shares" ADD COLUMN     "burn_after_failures" INTEGER,
ADD COLUMN     "failed_attempts" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "share_pages" ADD COLUMN     "sealed_by" TEXT;

-- CreateTable
CREATE TABLE "sealing_keys" (
    "id" TEXT NOT NULL,
    "canary" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sealing_keys_pkey" PRIMARY KEY ("id")
);
