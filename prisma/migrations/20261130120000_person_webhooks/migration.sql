-- A person's own chat targets, added on /me: a webhook belongs to an API key or to a person, and gets
-- the events of what its owner created (lib/webhooks/fan-out-sql.ts). Ending a person ends their targets.
ALTER TABLE "webhooks"
  ALTER COLUMN "api_key_id" DROP NOT NULL,
  ADD COLUMN "person_id" TEXT;

-- CreateIndex
CREATE INDEX "webhooks_person_id_idx" ON "webhooks"("person_id");

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Exactly one owner, checked by a trigger rather than a CHECK constraint, as note_files' is: Prisma's
-- schema engine (lib/db/schema-drift.test.ts) fails on any CHECK constraint it introspects.
CREATE FUNCTION "webhooks_one_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF num_nonnulls(NEW."api_key_id", NEW."person_id") <> 1 THEN
    RAISE EXCEPTION 'a webhook belongs to an API key or to a person: exactly one' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "webhooks_one_owner" BEFORE INSERT OR UPDATE ON "webhooks"
  FOR EACH ROW EXECUTE FUNCTION "webhooks_one_owner"();
