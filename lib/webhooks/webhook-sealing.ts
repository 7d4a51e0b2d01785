import { open, seal, sealedBy, type SealingKey } from "../crypto/seal";

// A webhook's signing secret and URL at rest: sealed with the server's keys (ENCRYPTION_KEYS) like
// note text, each bound to its webhook's row and to its field, so a database copy neither lets anyone
// forge deliveries nor post into a chat channel (a chat URL is itself a bearer secret), and a sealed
// value copied to another webhook or to the other field does not open. A value stored before sealing
// (`whsec_…` or `https://…`, never `v1.…`) is used as it is until `npm run reseal` seals it.

type Field = "secret" | "url";

const associatedData = (webhookId: string, field: Field) => `webhooks/v1|${webhookId}|${field}`;

export function sealWebhookField(key: SealingKey, webhookId: string, field: Field, value: string): string {
  return seal(key, value, associatedData(webhookId, field));
}

/** The value as stored before sealing, or opened; throws SealError when none of `keys` sealed it or it was moved. */
export function openWebhookField(
  keys: readonly SealingKey[],
  webhookId: string,
  field: Field,
  stored: string,
): string {
  return sealedBy(stored) === null ? stored : open(keys, stored, associatedData(webhookId, field));
}
