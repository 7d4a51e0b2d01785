-- A read's kept answer remembers the key proof hash of the end-to-end note it read, as it remembers
-- the password hash: a retry with the same Idempotency-Key must present the proof the first read
-- had to (lib/notes/kept-read.ts). Answers kept before this have none, and stay as they were.

-- AlterTable
ALTER TABLE "kept_answers" ADD COLUMN "key_proof_hash" TEXT;
