-- CreateEnum
CREATE TYPE "admin_action" AS ENUM ('sign_in', 'sign_in_failed', 'sign_out', 'key_issued', 'key_revoked', 'note_deleted', 'note_reviewed');

-- CreateTable
CREATE TABLE "admin_audit_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" "admin_action" NOT NULL,
    "client" TEXT,
    "subject" TEXT,
    "details" JSONB,

    CONSTRAINT "admin_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "admin_audit_log_at_idx" ON "admin_audit_log"("at");
