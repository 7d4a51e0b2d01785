-- AlterTable
ALTER TABLE "note_events" ADD COLUMN "encrypted" BOOLEAN;

-- The created entries of notes still stored learn it from the note.
UPDATE "note_events" e SET "encrypted" = s."encrypted"
FROM "shares" s WHERE e."share_id" = s."id" AND e."type" = 'created';

-- Live notes stored before the access log get their created entry, oldest first, so that their
-- owner finds them in the key's list and in their log like any later note.
INSERT INTO "note_events" ("share_id", "type", "at", "api_key_id", "delete_token_hash", "encrypted")
SELECT s."id", 'created', s."created_at", s."api_key_id", s."delete_token_hash", s."encrypted"
FROM "shares" s
WHERE s."burned_at" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "note_events" e WHERE e."share_id" = s."id" AND e."type" = 'created')
ORDER BY s."created_at", s."id";
