-- The note an email is about, so that its status page finds the note's failing emails by an index
-- rather than by reading every email's payload (lib/notifications/email-failures-sql.ts).
ALTER TABLE "webhook_deliveries" ADD COLUMN "note_id" TEXT;

UPDATE "webhook_deliveries" SET "note_id" = "payload"->'data'->>'id'
WHERE "channel" = 'email' AND "payload"->>'kind' = 'note';

CREATE INDEX "webhook_deliveries_note_id_idx" ON "webhook_deliveries"("note_id");
