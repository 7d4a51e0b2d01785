-- Files attached to a note (docs/files.md). A note with files is pending (files_pending) until every
-- chunk of every file has arrived; uploads prove themselves with the upload token, stored as a hash.
-- files_left counts the owner row's incomplete files: the upload that takes it to zero, under the
-- row's lock, makes the note (and its recipients' links) readable.
ALTER TABLE "shares"
  ADD COLUMN "file_count" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "files_left" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "files_pending" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "upload_token_hash" TEXT,
  ADD COLUMN "upload_expires_at" TIMESTAMPTZ(3);

CREATE INDEX "shares_upload_expires_at_idx" ON "shares"("upload_expires_at");

-- One row per file, under the note that holds the content (a recipients note's owner row). No
-- foreign key to shares on purpose: a file outlives its note's row until its chunks are deleted from
-- the store (cleanup finds the files no live note or unexpired grant keeps).
CREATE TABLE "note_files" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "share_id" VARCHAR(10) NOT NULL,
  "file_index" INTEGER NOT NULL,
  "size_bytes" BIGINT NOT NULL,
  "chunk_count" INTEGER NOT NULL,
  "received_chunks" INTEGER NOT NULL DEFAULT 0,
  -- set while one upload writes the next chunk: a second upload of that chunk is refused meanwhile
  "writing_since" TIMESTAMPTZ(3),
  -- plain notes only: name and type sealed like pages, by the key sealed_by names ("pw": the password)
  "name" TEXT,
  "type" TEXT,
  "sealed_by" TEXT,
  -- plain notes only: the server key that seals the file's chunks; null: end-to-end ciphertext
  "chunks_sealed_by" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "note_files_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "note_files_share_id_file_index_key" ON "note_files"("share_id", "file_index");

-- The Postgres file store (lib/files/postgres-store.ts): one row per stored chunk.
CREATE TABLE "file_chunks" (
  "file_id" UUID NOT NULL,
  "chunk_index" INTEGER NOT NULL,
  "data" BYTEA NOT NULL,
  CONSTRAINT "file_chunks_pkey" PRIMARY KEY ("file_id", "chunk_index")
);

-- What a consuming read hands its reader: a token (stored as its SHA-256) that downloads the files
-- of files_id through the link share_id until expires_at.
CREATE TABLE "file_grants" (
  "token_hash" TEXT NOT NULL,
  "share_id" VARCHAR(10) NOT NULL,
  "files_id" VARCHAR(10) NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "file_grants_pkey" PRIMARY KEY ("token_hash")
);

CREATE INDEX "file_grants_files_id_idx" ON "file_grants"("files_id");
CREATE INDEX "file_grants_expires_at_idx" ON "file_grants"("expires_at");
