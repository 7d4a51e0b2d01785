-- CreateEnum
CREATE TYPE "note_event_type" AS ENUM ('created', 'read', 'burned', 'password_failed', 'deleted', 'expired');

-- CreateTable
CREATE TABLE "note_events" (
    "id" BIGSERIAL NOT NULL,
    "share_id" VARCHAR(10) NOT NULL,
    "type" "note_event_type" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "remaining_views" INTEGER,
    "client" TEXT,
    "browser" TEXT,
    "api_key_id" UUID,
    "delete_token_hash" TEXT,

    CONSTRAINT "note_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_salts" (
    "day" DATE NOT NULL,
    "salt" TEXT NOT NULL,

    CONSTRAINT "client_salts_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "api_key_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "webhook_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "next_attempt_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "delivered_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "last_error" TEXT,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "note_events_share_id_id_idx" ON "note_events"("share_id", "id");

-- CreateIndex
CREATE INDEX "note_events_api_key_id_id_idx" ON "note_events"("api_key_id", "id");

-- CreateIndex
CREATE INDEX "note_events_type_at_idx" ON "note_events"("type", "at");

-- CreateIndex
CREATE INDEX "webhooks_api_key_id_idx" ON "webhooks"("api_key_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_next_attempt_at_idx" ON "webhook_deliveries"("next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at");

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
