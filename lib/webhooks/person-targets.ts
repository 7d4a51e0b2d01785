import "server-only";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import type { ActingPerson } from "../people/acting-person";
import { createWebhook } from "./manage-webhooks";
import type { CreateWebhookBody, WebhookFormat } from "./webhook-schemas";
import { openWebhookField } from "./webhook-sealing";
import { personTargetsSql, type PersonTargetRow } from "./webhook-sql";

// A signed-in person's own targets, managed on /me: webhooks owned by the person, which receive the
// events of every note and request the person created (signed in, or with a personal key). A chat
// URL is itself a secret (whoever has it may post to the channel): /me shows its host only.

/** How a target's deliveries fare, from the latest that matters. */
export type TargetState =
  | { kind: "none" }
  | { kind: "delivered"; at: Date }
  | { kind: "retrying"; since: Date; error: string }
  | { kind: "givenUp"; since: Date; error: string };

export type PersonTarget = {
  id: string;
  host: string;
  format: WebhookFormat;
  events: string[];
  createdAt: Date;
  state: TargetState;
};

/** A delivery being retried comes first; a give-up counts until a later delivery went through. */
function stateOf(row: PersonTargetRow): TargetState {
  if (row.retryingSince)
    return { kind: "retrying", since: row.retryingSince, error: row.retryingError ?? "" };
  const givenUpLast = row.givenUpAt && (!row.lastDeliveredAt || row.givenUpAt > row.lastDeliveredAt);
  if (givenUpLast) return { kind: "givenUp", since: row.givenUpAt!, error: row.givenUpError ?? "" };
  return row.lastDeliveredAt ? { kind: "delivered", at: row.lastDeliveredAt } : { kind: "none" };
}

export async function listPersonTargets(person: ActingPerson): Promise<PersonTarget[]> {
  const rows = await queryRows<PersonTargetRow>(personTargetsSql(person.id));
  return rows.map((row) => ({
    id: row.id,
    host: new URL(openWebhookField(sealingKeys(), row.id, "url", row.url)).host,
    format: row.format as WebhookFormat,
    events: row.events,
    createdAt: row.createdAt,
    state: stateOf(row),
  }));
}

/** What /me shows of a new target: its host, and a standard one's signing secret, this once. */
export type CreatedPersonTarget = {
  id: string;
  host: string;
  format: WebhookFormat;
  events: string[];
  created_at: number;
  secret: string | null;
};

export async function createPersonTarget(
  person: ActingPerson,
  body: CreateWebhookBody,
): Promise<CreatedPersonTarget> {
  const { url, secret, ...hook } = await createWebhook({ personId: person.id }, body);
  // A chat target is not signed: its secret is of no use to anyone.
  return { ...hook, host: new URL(url).host, secret: hook.format === "standard" ? secret : null };
}
