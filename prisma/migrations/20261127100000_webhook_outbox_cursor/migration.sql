-- The webhook outbox leaves the read (docs/decisions.md, "Webhook fan-out by cursor"): statements
-- that record a note event write only its note_events row, and the deliverer fans the entries out
-- into webhook_deliveries, following the log by (xact_id, id) up to the oldest running transaction.

-- The entries already logged had their deliveries queued by the statement that logged them: they
-- all get xact_id 0, behind the cursor set below. A constant default adds the column without
-- rewriting the table; new entries then take their own transaction's id.
ALTER TABLE "note_events" ADD COLUMN "read_count" INTEGER,
ADD COLUMN "xact_id" xid8 NOT NULL DEFAULT '0';
ALTER TABLE "note_events" ALTER COLUMN "xact_id" SET DEFAULT pg_current_xact_id();

-- CreateTable
CREATE TABLE "webhook_outbox_cursor" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "xact_id" xid8 NOT NULL,
    "event_id" BIGINT NOT NULL,

    CONSTRAINT "webhook_outbox_cursor_pkey" PRIMARY KEY ("id")
);

-- Past every entry logged so far: (0, the largest id).
INSERT INTO "webhook_outbox_cursor" ("id", "xact_id", "event_id")
SELECT 1, '0', coalesce(max("id"), 0) FROM "note_events";

-- CreateIndex
CREATE INDEX "note_events_xact_id_id_idx" ON "note_events"("xact_id", "id");
