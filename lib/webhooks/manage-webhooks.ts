import "server-only";
import { randomUUID } from "node:crypto";
import { randomBase64 } from "../crypto/random-string";
import { getPrisma } from "../db";
import { env, sealingKeys } from "../env";
import { ApiError } from "../http/api-error";
import type { ApiKeyIdentity } from "../keys/authenticate-request";
import { resolveWebhookHost } from "./public-address";
import { sealWebhookSecret } from "./webhook-secret";
import type { CreateWebhookBody, CreatedWebhookResponse, WebhookResponse } from "./webhook-schemas";

// A key holder's webhooks: each key manages its own, and sees no other key's.

/** Webhooks one key may have. */
const maxWebhooksPerKey = 10;

const columns = { id: true, url: true, events: true, createdAt: true } as const;

type WebhookRow = { id: string; url: string; events: string[]; createdAt: Date };

const toResponse = (row: WebhookRow): WebhookResponse => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookResponse["events"],
  created_at: Math.floor(row.createdAt.getTime() / 1000),
});

export async function createWebhook(
  apiKey: ApiKeyIdentity,
  body: CreateWebhookBody,
): Promise<CreatedWebhookResponse> {
  // Checked now as well as at each delivery, so a URL that can never be called is refused at once.
  await resolveWebhookHost(new URL(body.url), env.WEBHOOK_ALLOW_PRIVATE_NETWORKS).catch((error: unknown) => {
    throw new ApiError(
      "bad_webhook",
      `url is refused: ${error instanceof Error ? error.message : "bad host"}.`,
    );
  });
  const prisma = await getPrisma();
  if ((await prisma.webhook.count({ where: { apiKeyId: apiKey.id } })) >= maxWebhooksPerKey) {
    throw new ApiError("bad_webhook", `A key may have ${maxWebhooksPerKey} webhooks; delete one first.`);
  }
  const secret = `whsec_${randomBase64(24)}`;
  // The id is made here: the sealed secret is bound to it.
  const id = randomUUID();
  const row = await prisma.webhook.create({
    data: {
      id,
      apiKeyId: apiKey.id,
      url: body.url,
      events: body.events,
      secret: sealWebhookSecret(sealingKeys()[0], id, secret),
    },
    select: columns,
  });
  return { ...toResponse(row), secret };
}

export async function listWebhooks(apiKey: ApiKeyIdentity): Promise<WebhookResponse[]> {
  const prisma = await getPrisma();
  const rows = await prisma.webhook.findMany({
    where: { apiKeyId: apiKey.id },
    select: columns,
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toResponse);
}

/** Deletes one of the key's webhooks with its pending deliveries; another key's is not_found. */
export async function deleteWebhook(apiKey: ApiKeyIdentity, id: string): Promise<void> {
  const prisma = await getPrisma();
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const { count } = uuid.test(id)
    ? await prisma.webhook.deleteMany({ where: { id, apiKeyId: apiKey.id } })
    : { count: 0 };
  if (count === 0) throw new ApiError("not_found", "No such webhook.");
}
