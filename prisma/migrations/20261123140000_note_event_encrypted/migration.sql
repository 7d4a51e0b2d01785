-- AlterTable
ALTER TABLE "note_events" ADD COLUMN "encrypted" BOOLEAN;

-- The created entries of notes still stored learn it from the note.
UPDATE "note_events" e SET "encrypted" = s."encrypted"
FROM "shares" s WHERE e."share_id" = s."id" AND e."type" = 'created';
