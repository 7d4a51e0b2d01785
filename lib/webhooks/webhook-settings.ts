import { z } from "zod";
import { wholeNumber } from "../setting-schemas";

// The webhook deliverer's settings (lib/webhooks), gathered into lib/env.ts's schema. Kept free
// of other imports of the service: lib/env.ts parses with it.

export const webhookSettings = {
  /** 1: webhooks may call loopback, private and link-local addresses (tests, internal networks). */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z
    .enum(["0", "1"])
    .default("0")
    .transform((value) => value === "1"),
  /** How long one delivery attempt may take. */
  WEBHOOK_TIMEOUT_MS: wholeNumber(100, 60_000).default(10_000),
  /** The first retry's delay; each next one is 3 times longer (at most 6 hours), 10 attempts in all. */
  WEBHOOK_RETRY_BASE_MS: wholeNumber(10, 3_600_000).default(60_000),
  /** `npm start` looks for due deliveries this often; 0 turns delivery off in this process. */
  WEBHOOK_POLL_INTERVAL_MS: wholeNumber(0, 600_000).default(1_000),
};
