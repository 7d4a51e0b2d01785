-- Recipients' labels are now stored sealed (`v1.<key id>.…`, lib/notes/recipient-sealing.ts). The labels
-- stored before are marked `plain:` so that no label can be taken for a sealed value: they are
-- shown as they are until `npm run reseal` seals them (SQL cannot: it has no key).
UPDATE "shares" SET "recipient" = 'plain:' || "recipient" WHERE "recipient" IS NOT NULL;

UPDATE "note_events" SET "recipient" = 'plain:' || "recipient" WHERE "recipient" IS NOT NULL;

UPDATE "webhook_deliveries"
SET "payload" = jsonb_set("payload", '{data,recipient}', to_jsonb('plain:' || ("payload" #>> '{data,recipient}')))
WHERE "payload" #>> '{data,recipient}' IS NOT NULL;
