-- Who created what (lib/people): the person signed in, or the person whose key was presented; null for
-- anonymous creates. A person's departure keeps their notes and requests, unowned.
ALTER TABLE "shares" ADD COLUMN "created_by" TEXT;
ALTER TABLE "requests" ADD COLUMN "created_by" TEXT;

-- The owner on a note's `created` log entry, so /me lists a person's notes after they are gone, as a
-- key's list does.
ALTER TABLE "note_events" ADD COLUMN "created_by" TEXT;

-- A personal key, issued on /me: it acts as its person. Null: issued by an admin. Ending a person ends
-- their keys.
ALTER TABLE "api_keys" ADD COLUMN "person_id" TEXT;

-- CreateIndex
CREATE INDEX "shares_created_by_idx" ON "shares"("created_by");

-- CreateIndex
CREATE INDEX "requests_created_by_idx" ON "requests"("created_by");

-- CreateIndex
CREATE INDEX "note_events_created_by_id_idx" ON "note_events"("created_by", "id");

-- CreateIndex
CREATE INDEX "api_keys_person_id_idx" ON "api_keys"("person_id");

-- AddForeignKey
ALTER TABLE "shares" ADD CONSTRAINT "shares_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "people"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "requests" ADD CONSTRAINT "requests_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "people"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;
