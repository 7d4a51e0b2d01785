import "server-only";
import { resealInBatches, type ResealCount } from "../crypto/reseal-in-batches";
import { sealedByPrefix } from "../crypto/seal";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { openWebhookSecret, sealWebhookSecret } from "./webhook-secret";
import { resealSecretSql, secretsSealedWithSql, secretsToResealSql } from "./webhook-sql";

/**
 * Re-seals, in batches, every webhook secret sealed by an older key or stored before sealing, with
 * the first of ENCRYPTION_KEYS, while the service runs: each is written only if unchanged since it
 * was read.
 */
export async function resealWebhookSecrets(batchSize = 200): Promise<ResealCount> {
  const keys = sealingKeys();
  const [sealing] = keys;
  return resealInBatches({
    start: "00000000-0000-0000-0000-000000000000",
    next: (after) =>
      queryRows<{ id: string; secret: string }>(
        secretsToResealSql(after, sealedByPrefix(sealing.id), batchSize),
      ),
    cursorOf: (hook) => hook.id,
    reseal: ({ id, secret }) => ({
      id,
      was: secret,
      secret: sealWebhookSecret(sealing, id, openWebhookSecret(keys, id, secret)),
    }),
    write: async (hooks) => {
      let written = 0;
      for (const { id, was, secret } of hooks) {
        written += (await queryRows(resealSecretSql(id, was, secret))).length;
      }
      return written;
    },
  });
}

/** Whether any webhook secret is still sealed with the key. */
export async function webhookSecretsSealedBy(keyId: string): Promise<boolean> {
  const [row] = await queryRows<{ sealed: boolean }>(secretsSealedWithSql(sealedByPrefix(keyId)));
  return row?.sealed === true;
}
