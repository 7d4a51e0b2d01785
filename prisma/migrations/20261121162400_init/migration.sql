-- CreateEnum
CREATE TYPE "content_type" AS ENUM ('markdown', 'html');

-- CreateTable
CREATE TABLE "shares" (
    "id" VARCHAR(10) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "burn_after" INTEGER,
    "read_count" INTEGER NOT NULL DEFAULT 0,
    "burned_at" TIMESTAMPTZ(3),
    "password_hash" TEXT,
    "content_type" "content_type" NOT NULL,
    "page_count" INTEGER NOT NULL,
    "multi_page" BOOLEAN NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "api_key_id" UUID,

    CONSTRAINT "shares_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "share_pages" (
    "share_id" VARCHAR(10) NOT NULL,
    "page_index" INTEGER NOT NULL,
    "title" TEXT,
    "content" TEXT NOT NULL,
    "content_type" "content_type" NOT NULL,
    "html" TEXT NOT NULL,

    CONSTRAINT "share_pages_pkey" PRIMARY KEY ("share_id","page_index")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "label" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "notes_created" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "shares_expires_at_idx" ON "shares"("expires_at");

-- CreateIndex
CREATE INDEX "shares_burned_at_idx" ON "shares"("burned_at");

-- CreateIndex
CREATE INDEX "shares_api_key_id_idx" ON "shares"("api_key_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");

-- AddForeignKey
ALTER TABLE "shares" ADD CONSTRAINT "shares_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "share_pages" ADD CONSTRAINT "share_pages_share_id_fkey" FOREIGN KEY ("share_id") REFERENCES "shares"("id") ON DELETE CASCADE ON UPDATE CASCADE;
