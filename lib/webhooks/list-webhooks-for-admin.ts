import "server-only";
import { getPrisma } from "../db";

/** Failed attempts shown per webhook on the admin page. */
const failuresShown = 3;

/**
 * Every webhook with its key's label, how many deliveries are pending and given up, and its latest
 * failed attempts (what went wrong, never a payload), for the admin page. Never a secret.
 */
export async function listWebhooksForAdmin() {
  const prisma = await getPrisma();
  const webhooks = await prisma.webhook.findMany({
    orderBy: [{ apiKey: { label: "asc" } }, { createdAt: "asc" }],
    select: {
      id: true,
      url: true,
      events: true,
      apiKey: { select: { label: true, prefix: true } },
      deliveries: {
        where: { lastError: { not: null } },
        orderBy: { createdAt: "desc" },
        take: failuresShown,
        select: { id: true, event: true, attempts: true, lastError: true, failedAt: true, createdAt: true },
      },
      _count: { select: { deliveries: { where: { failedAt: { not: null } } } } },
    },
  });
  const pending = await prisma.webhookDelivery.groupBy({
    by: ["webhookId"],
    where: { nextAttemptAt: { not: null } },
    _count: { _all: true },
  });
  const pendingOf = new Map(pending.map((row) => [row.webhookId, row._count._all]));
  return webhooks.map(({ _count, ...webhook }) => ({
    ...webhook,
    givenUp: _count.deliveries,
    pending: pendingOf.get(webhook.id) ?? 0,
  }));
}
