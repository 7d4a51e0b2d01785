import "server-only";
import { SealError } from "../crypto/seal";
import { env, sealingKeys } from "../env";
import { openRecipientLabel } from "../notes/recipient-sealing";
import { chatMessage, type ChatFacts } from "./chat-message";
import { postNotification, type Attempt } from "./deliver-webhook";
import type { WebhookFormat } from "./webhook-schemas";

// One attempt at a chat target's delivery (a webhook whose format is not `standard`): the message
// is made from the outbox row alone and POSTed unsigned (chat services have no signature scheme),
// through the same host checks, timeout and retries as a Standard Webhook.

type ChatPayload = {
  type: string;
  timestamp: string;
  browser?: string | null;
  data: { id: string; recipient?: string | null; answer?: number; answers_left?: number };
};

/** The message's facts, the recipient's label opened (sealed, bound to the link's id). */
function factsOf(payload: ChatPayload): ChatFacts {
  const { data } = payload;
  return {
    type: payload.type,
    timestamp: payload.timestamp,
    id: data.id,
    recipient:
      typeof data.recipient === "string" ? openRecipientLabel(sealingKeys(), data.id, data.recipient) : null,
    browser: payload.browser ?? null,
    answer: data.answer,
    answersLeft: data.answers_left,
  };
}

/** `url` opened (it is stored sealed), `payload` as the outbox holds it. */
export async function deliverChat(delivery: {
  url: string;
  payload: unknown;
  format: Exclude<WebhookFormat, "standard">;
}): Promise<Attempt> {
  let facts: ChatFacts;
  try {
    facts = factsOf(delivery.payload as ChatPayload);
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
    return { delivered: false, error: "the recipient's label opens with none of the configured keys" };
  }
  return postNotification({
    url: delivery.url,
    ...chatMessage(delivery.format, facts),
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  });
}
