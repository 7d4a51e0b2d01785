-- The kept answers of requests sent with an Idempotency-Key (lib/idempotency): a retry with the same
-- key gets the answer the first request had, without spending another view or storing a second
-- note. Written by the same statement as the read or the create it answers; gone when its window
-- ends (the cleanup) or its note is deleted. No foreign key: a burned note's row may be purged
-- while its kept answer is still in its window.

-- CreateTable
CREATE TABLE "kept_answers" (
    "lookup" TEXT NOT NULL,
    "share_id" VARCHAR(10) NOT NULL,
    "kept_until" TIMESTAMPTZ(3) NOT NULL,
    "password_hash" TEXT,
    "answer" JSONB NOT NULL,

    CONSTRAINT "kept_answers_pkey" PRIMARY KEY ("lookup")
);

-- CreateIndex
CREATE INDEX "kept_answers_share_id_idx" ON "kept_answers"("share_id");

-- CreateIndex
CREATE INDEX "kept_answers_kept_until_idx" ON "kept_answers"("kept_until");
