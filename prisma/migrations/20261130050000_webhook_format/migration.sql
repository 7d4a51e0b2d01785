-- Chat targets (lib/webhooks/chat-message.ts): what a webhook's deliveries look like. `standard`
-- (Standard Webhooks, signed) for every webhook made before; `slack`, `discord`, `teams`, `ntfy` post
-- that service's incoming-webhook message, unsigned.
ALTER TABLE "webhooks" ADD COLUMN "format" TEXT NOT NULL DEFAULT 'standard';
