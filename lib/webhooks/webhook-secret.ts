import { open, seal, sealedBy, type SealingKey } from "../crypto/seal";

// A webhook's signing secret at rest: sealed with the server's keys (ENCRYPTION_KEYS) like note text,
// bound to its webhook's row, so a database copy does not let anyone forge deliveries and a sealed
// secret copied to another webhook does not open. A secret stored before sealing (`whsec_…`, never
// `v1.…`) is used as it is until `npm run reseal` seals it.

const associatedData = (webhookId: string) => `webhooks/v1|${webhookId}|secret`;

export function sealWebhookSecret(key: SealingKey, webhookId: string, secret: string): string {
  return seal(key, secret, associatedData(webhookId));
}

/** The secret to sign with; throws SealError when none of `keys` sealed it or it was moved. */
export function openWebhookSecret(keys: readonly SealingKey[], webhookId: string, stored: string): string {
  return sealedBy(stored) === null ? stored : open(keys, stored, associatedData(webhookId));
}
