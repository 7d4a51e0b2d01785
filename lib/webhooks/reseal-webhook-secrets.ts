import "server-only";
import { resealInBatches, type ResealCount } from "../crypto/reseal-in-batches";
import { sealedByPrefix } from "../crypto/seal";
import { getPrisma } from "../db";
import { sealingKeys } from "../env";
import { openWebhookSecret, sealWebhookSecret } from "./webhook-secret";

/**
 * Re-seals, in batches, every webhook secret sealed by an older key or stored before sealing, with
 * the first of ENCRYPTION_KEYS, while the service runs: each is written only if unchanged since it
 * was read.
 */
export async function resealWebhookSecrets(batchSize = 200): Promise<ResealCount> {
  const keys = sealingKeys();
  const [sealing] = keys;
  const prisma = await getPrisma();
  return resealInBatches({
    start: "00000000-0000-0000-0000-000000000000",
    next: (after) =>
      prisma.webhook.findMany({
        where: { id: { gt: after }, NOT: { secret: { startsWith: sealedByPrefix(sealing.id) } } },
        select: { id: true, secret: true },
        orderBy: { id: "asc" },
        take: batchSize,
      }),
    cursorOf: (hook) => hook.id,
    reseal: ({ id, secret }) => ({
      id,
      was: secret,
      secret: sealWebhookSecret(sealing, id, openWebhookSecret(keys, id, secret)),
    }),
    write: async (hooks) => {
      let written = 0;
      for (const { id, was, secret } of hooks) {
        written += (await prisma.webhook.updateMany({ where: { id, secret: was }, data: { secret } })).count;
      }
      return written;
    },
  });
}

/** Whether any webhook secret is still sealed with the key. */
export async function webhookSecretsSealedBy(keyId: string): Promise<boolean> {
  const prisma = await getPrisma();
  return (await prisma.webhook.count({ where: { secret: { startsWith: sealedByPrefix(keyId) } } })) > 0;
}
