import "server-only";
import { SealError, sealedByPrefix } from "../crypto/seal";
import { getPrisma } from "../db";
import { sealingKeys } from "../env";
import { openWebhookSecret, sealWebhookSecret } from "./webhook-secret";

export type WebhookResealReport = {
  /** secrets now sealed with the first key */
  resealed: number;
  /** secrets no configured key opens (left as they are) */
  unopenable: number;
};

/**
 * Re-seals, in batches, every webhook secret sealed by an older key or stored before sealing, with
 * the first of ENCRYPTION_KEYS, while the service runs: each is written only if unchanged since it
 * was read.
 */
export async function resealWebhookSecrets(batchSize = 200): Promise<WebhookResealReport> {
  const keys = sealingKeys();
  const [sealing] = keys;
  const prisma = await getPrisma();
  const report: WebhookResealReport = { resealed: 0, unopenable: 0 };
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = await prisma.webhook.findMany({
      where: { id: { gt: after }, NOT: { secret: { startsWith: sealedByPrefix(sealing.id) } } },
      select: { id: true, secret: true },
      orderBy: { id: "asc" },
      take: batchSize,
    });
    const last = batch.at(-1);
    if (!last) break;
    after = last.id;
    for (const { id, secret } of batch) {
      let resealed: string;
      try {
        resealed = sealWebhookSecret(sealing, id, openWebhookSecret(keys, id, secret));
      } catch (error) {
        if (!(error instanceof SealError)) throw error;
        report.unopenable++;
        continue;
      }
      const { count } = await prisma.webhook.updateMany({
        where: { id, secret },
        data: { secret: resealed },
      });
      report.resealed += count;
    }
  }
  return report;
}

/** Whether any webhook secret is still sealed with the key. */
export async function webhookSecretsSealedBy(keyId: string): Promise<boolean> {
  const prisma = await getPrisma();
  return (await prisma.webhook.count({ where: { secret: { startsWith: sealedByPrefix(keyId) } } })) > 0;
}
