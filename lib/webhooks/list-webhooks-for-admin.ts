import "server-only";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { openWebhookField } from "./webhook-sealing";
import { webhooksForAdminSql, type AdminWebhookRow } from "./webhook-sql";

/** Failed attempts shown per webhook on the admin page. */
const failuresShown = 3;

type JsonDates<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/**
 * Every webhook with its key's label, how many deliveries are pending and given up, and its latest
 * failed attempts (what went wrong, never a payload), for the admin page. Never a secret.
 */
export async function listWebhooksForAdmin(): Promise<AdminWebhookRow[]> {
  type Row = Omit<AdminWebhookRow, "deliveries"> & {
    deliveries: JsonDates<AdminWebhookRow["deliveries"][number]>[];
  };
  const rows = await queryRows<Row>(webhooksForAdminSql(failuresShown));
  // The failures come as JSON, their times as text.
  return rows.map((row) => ({
    ...row,
    url: openWebhookField(sealingKeys(), row.id, "url", row.url),
    deliveries: row.deliveries.map((delivery) => ({
      ...delivery,
      createdAt: new Date(delivery.createdAt),
      failedAt: delivery.failedAt === null ? null : new Date(delivery.failedAt),
    })),
  }));
}
