-- Files in answers to requests (docs/requests.md). A request says whether its answers may carry
-- files; an answer with files is pending until every chunk has arrived, exactly as a note is.
ALTER TABLE "requests" ADD COLUMN "files_allowed" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "request_answers"
  ADD COLUMN "file_count" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "files_left" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "files_pending" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "upload_token_hash" TEXT,
  ADD COLUMN "upload_expires_at" TIMESTAMPTZ(3);

-- A file belongs to a note (share_id) or to an answer (request_id, answer_number), never both: one
-- table, one store and one cleanup for both owners. No foreign key either way, as before: the row
-- outlives its owner until cleanup has deleted its chunks from the store.
ALTER TABLE "note_files"
  ALTER COLUMN "share_id" DROP NOT NULL,
  ADD COLUMN "request_id" VARCHAR(10),
  ADD COLUMN "answer_number" INTEGER;

CREATE UNIQUE INDEX "note_files_request_id_answer_number_file_index_key"
  ON "note_files"("request_id", "answer_number", "file_index");

-- Exactly one owner, checked by a trigger rather than a CHECK constraint: Prisma's schema engine
-- (its WebAssembly build, which lib/db/schema-drift.test.ts runs offline) fails on any CHECK
-- constraint it introspects, and would no longer prove the migrations build schema.prisma.
CREATE FUNCTION "note_files_one_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ((NEW."share_id" IS NOT NULL AND NEW."request_id" IS NULL AND NEW."answer_number" IS NULL)
       OR (NEW."share_id" IS NULL AND NEW."request_id" IS NOT NULL AND NEW."answer_number" IS NOT NULL)) THEN
    RAISE EXCEPTION 'a file belongs to a note or to an answer: exactly one' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "note_files_one_owner" BEFORE INSERT OR UPDATE ON "note_files"
  FOR EACH ROW EXECUTE FUNCTION "note_files_one_owner"();
