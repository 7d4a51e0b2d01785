-- Email notifications (lib/notifications). Who hears of a note's or a request's events: the address
-- and, for a keyless note, its delete token (for the status link) are sealed like every personal field,
-- bound to the subject. The row goes with the note's last event, or with the request.
CREATE TABLE "notify_targets" (
    "kind" TEXT NOT NULL,
    "subject_id" VARCHAR(10) NOT NULL,
    "email" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "status_token" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notify_targets_pkey" PRIMARY KEY ("kind", "subject_id")
);

-- Addresses that want no notification from this instance at all: only a keyed hash of each.
CREATE TABLE "notify_opt_outs" (
    "address_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notify_opt_outs_pkey" PRIMARY KEY ("address_hash")
);

-- The emails each address received in the last hour (by keyed hash), for NOTIFY_EMAILS_PER_HOUR.
CREATE TABLE "notify_sends" (
    "id" BIGSERIAL NOT NULL,
    "address_hash" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notify_sends_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notify_sends_address_hash_sent_at_idx" ON "notify_sends"("address_hash", "sent_at");

-- The outbox carries emails too: a row of channel `email` has no webhook, and holds its target's
-- sealed address, language and status token until it is delivered or given up.
ALTER TABLE "webhook_deliveries" ALTER COLUMN "webhook_id" DROP NOT NULL,
ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'webhook',
ADD COLUMN "email" TEXT,
ADD COLUMN "locale" TEXT,
ADD COLUMN "status_token" TEXT;
