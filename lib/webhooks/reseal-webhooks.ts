import "server-only";
import { resealInBatches, type ResealCount } from "../crypto/reseal-in-batches";
import { sealedByPrefix } from "../crypto/seal";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { openWebhookField, sealWebhookField } from "./webhook-sealing";
import { resealWebhookSql, webhooksSealedWithSql, webhooksToResealSql } from "./webhook-sql";

/**
 * Re-seals, in batches, the secret and URL of every webhook that an older key sealed or that was
 * stored before sealing, with the first of ENCRYPTION_KEYS, while the service runs: each webhook is
 * written only if both are unchanged since they were read (one deleted meanwhile is not written).
 */
export async function resealWebhooks(batchSize = 200): Promise<ResealCount> {
  const keys = sealingKeys();
  const [sealing] = keys;
  const reseal = (id: string, field: "secret" | "url", stored: string) =>
    sealWebhookField(sealing, id, field, openWebhookField(keys, id, field, stored));
  return resealInBatches({
    start: "00000000-0000-0000-0000-000000000000",
    next: (after) =>
      queryRows<{ id: string; secret: string; url: string }>(
        webhooksToResealSql(after, sealedByPrefix(sealing.id), batchSize),
      ),
    cursorOf: (hook) => hook.id,
    reseal: (was) => ({
      was,
      secret: reseal(was.id, "secret", was.secret),
      url: reseal(was.id, "url", was.url),
    }),
    write: async (hooks) => {
      let written = 0;
      for (const { was, secret, url } of hooks) {
        written += (await queryRows(resealWebhookSql(was, secret, url))).length;
      }
      return written;
    },
  });
}

/** Whether any webhook's secret or URL is still sealed with the key. */
export async function webhooksSealedBy(keyId: string): Promise<boolean> {
  const [row] = await queryRows<{ sealed: boolean }>(webhooksSealedWithSql(sealedByPrefix(keyId)));
  return row?.sealed === true;
}
