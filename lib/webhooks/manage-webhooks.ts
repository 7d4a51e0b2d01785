import "server-only";
import { randomUUID } from "node:crypto";
import { randomBase64 } from "../crypto/random-string";
import { queryRows } from "../db";
import { env, sealingKeys } from "../env";
import { ApiError } from "../http/api-error";
import { resolveWebhookHost } from "./public-address";
import { openWebhookField, sealWebhookField } from "./webhook-sealing";
import type { CreateWebhookBody, CreatedWebhookResponse, WebhookResponse } from "./webhook-schemas";
import {
  deleteWebhookSql,
  insertWebhookSql,
  ownerWebhooksSql,
  type WebhookOwner,
  type WebhookRow,
} from "./webhook-sql";

// Webhooks managed by their owner: a key through the API, a person on /me (person-targets.ts). Each
// owner manages its own, and sees no other's.

/** Webhooks one owner (a key, or a person) may have. */
export const maxWebhooksPerOwner = 10;

const toResponse = (row: WebhookRow): WebhookResponse => ({
  id: row.id,
  url: openWebhookField(sealingKeys(), row.id, "url", row.url),
  events: row.events as WebhookResponse["events"],
  format: row.format as WebhookResponse["format"],
  created_at: Math.floor(row.createdAt.getTime() / 1000),
});

export async function createWebhook(
  owner: WebhookOwner,
  body: CreateWebhookBody,
): Promise<CreatedWebhookResponse> {
  // Checked now as well as at each delivery, so a URL that can never be called is refused at once.
  await resolveWebhookHost(new URL(body.url), env.WEBHOOK_ALLOW_PRIVATE_NETWORKS).catch((error: unknown) => {
    throw new ApiError(
      "bad_webhook",
      `url is refused: ${error instanceof Error ? error.message : "bad host"}.`,
    );
  });
  const secret = `whsec_${randomBase64(24)}`;
  // The id is made here: the sealed secret and URL are bound to it.
  const id = randomUUID();
  const [key] = sealingKeys();
  const hook = {
    id,
    url: sealWebhookField(key, id, "url", body.url),
    events: body.events,
    format: body.format,
    secret: sealWebhookField(key, id, "secret", secret),
  };
  const [row] = await queryRows<WebhookRow>(insertWebhookSql(owner, hook, maxWebhooksPerOwner));
  if (!row)
    throw new ApiError(
      "bad_webhook",
      `A key or person may have ${maxWebhooksPerOwner} webhooks; delete one first.`,
    );
  return { ...toResponse(row), secret };
}

export async function listWebhooks(owner: WebhookOwner): Promise<WebhookResponse[]> {
  return (await queryRows<WebhookRow>(ownerWebhooksSql(owner))).map(toResponse);
}

/** Deletes one of the owner's webhooks with its pending deliveries; another owner's is not_found. */
export async function deleteWebhook(owner: WebhookOwner, id: string): Promise<void> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const deleted = uuid.test(id) ? await queryRows(deleteWebhookSql(owner, id)) : [];
  if (deleted.length === 0) throw new ApiError("not_found", "No such webhook.");
}
