import "server-only";
import { SealError, type SealingKeys } from "../crypto/seal";
import { queryRows } from "../db";
import { env, sealingKeys } from "../env";
import { openRecipientLabel } from "../notes/recipient-sealing";
import type { EmailDelivery } from "../webhooks/outbox-sql";
import { composeEmail, type EmailEvent } from "./compose-email";
import { emailGateSql, type EmailGateRow } from "./email-gate-sql";
import { openNotifyField, type NotifyKind } from "./notify-target";
import { addressHashes, tokenFor } from "./notify-tokens";
import { sendEmail } from "./send-email";

// One attempt at an email of the outbox (channel `email`). An address that opted out gets nothing;
// one that already got NOTIFY_EMAILS_PER_HOUR emails in the last hour gets no more: both are done
// for good, not retried. Otherwise the email is composed from the outbox row alone and sent.

export type EmailAttempt =
  | { outcome: "delivered"; addressHash: string }
  | { outcome: "failed"; error: string }
  | { outcome: "limited" | "opted_out" };

type EmailPayload = {
  kind: NotifyKind;
  type: string;
  timestamp: string;
  data: { id: string; link?: string; recipient?: string | null; browser?: string | null };
};

const events: Record<string, EmailEvent> = {
  "note.read": "read",
  "note.burned": "burned",
  "note.expired": "expired",
  "request.answered": "answered",
};

/** The links an email carries, each built from what the server alone can make. */
function linksOf(keys: SealingKeys, payload: EmailPayload, statusToken: string | null, hash: string) {
  const base = env.PUBLIC_URL ?? "";
  const offToken = tokenFor(keys[0], { kind: payload.kind, id: payload.data.id });
  return {
    statusUrl: statusToken === null ? null : `${base}/status/${payload.data.id}#${statusToken}`,
    turnOffUrl: `${base}/notifications/off?token=${offToken}`,
    optOutUrl: `${base}/notifications/off?token=${tokenFor(keys[0], { kind: "address", hash })}`,
    oneClickUrl: `${base}/api/v1/notifications/off?token=${offToken}`,
  };
}

async function attemptOpened(delivery: EmailDelivery, keys: SealingKeys): Promise<EmailAttempt> {
  const payload = delivery.payload as EmailPayload;
  const { kind, data } = payload;
  const to = openNotifyField(keys, kind, data.id, "email", delivery.email);
  const hashes = addressHashes(keys, to);
  const [gate] = await queryRows<EmailGateRow>(emailGateSql(hashes));
  if (gate?.opted_out) return { outcome: "opted_out" };
  if ((gate?.sent ?? 0) >= env.NOTIFY_EMAILS_PER_HOUR) return { outcome: "limited" };
  const statusToken =
    delivery.status_token && openNotifyField(keys, kind, data.id, "status_token", delivery.status_token);
  const links = linksOf(keys, payload, statusToken, hashes[0] ?? "");
  const email = composeEmail({
    event: events[payload.type] ?? "read",
    locale: delivery.locale,
    subjectId: data.id,
    recipient: data.link && data.recipient ? openRecipientLabel(keys, data.link, data.recipient) : null,
    at: Math.floor(Date.parse(payload.timestamp) / 1000),
    browser: data.browser ?? null,
    siteName: env.SITE_NAME,
    ...links,
  });
  const sent = await sendEmail({
    to,
    deliveryId: delivery.id,
    email,
    headers: {
      "List-Unsubscribe": `<${links.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  });
  return sent.delivered
    ? { outcome: "delivered", addressHash: hashes[0] ?? "" }
    : { outcome: "failed", ...sent };
}

/** Tries one email; a field no configured key opens is a failed attempt (retried, as webhooks do). */
export async function deliverEmail(delivery: EmailDelivery): Promise<EmailAttempt> {
  try {
    return await attemptOpened(delivery, sealingKeys());
  } catch (error) {
    if (error instanceof SealError)
      return { outcome: "failed", error: "the address opens with none of the configured keys" };
    throw error;
  }
}
