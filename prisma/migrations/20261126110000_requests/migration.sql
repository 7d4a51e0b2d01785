-- AlterEnum
ALTER TYPE "admin_action" ADD VALUE 'request_deleted';

-- CreateTable
CREATE TABLE "requests" (
    "id" VARCHAR(10) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "title" TEXT NOT NULL,
    "instructions" TEXT NOT NULL,
    "max_answers" INTEGER NOT NULL,
    "answer_count" INTEGER NOT NULL DEFAULT 0,
    "public_key" TEXT NOT NULL,
    "owner_proof_hash" TEXT NOT NULL,
    "api_key_id" UUID,

    CONSTRAINT "requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "request_answers" (
    "request_id" VARCHAR(10) NOT NULL,
    "number" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "envelope" TEXT NOT NULL,
    "client" TEXT,
    "browser" TEXT,
    "read_at" TIMESTAMPTZ(3),

    CONSTRAINT "request_answers_pkey" PRIMARY KEY ("request_id","number")
);

-- CreateIndex
CREATE INDEX "requests_expires_at_idx" ON "requests"("expires_at");

-- CreateIndex
CREATE INDEX "requests_api_key_id_idx" ON "requests"("api_key_id");

-- AddForeignKey
ALTER TABLE "requests" ADD CONSTRAINT "requests_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_answers" ADD CONSTRAINT "request_answers_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
