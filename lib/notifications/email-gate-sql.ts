import { Prisma } from "../generated/prisma/client";

/**
 * Whether an address (by its keyed hashes, one per configured key) opted out of all notifications,
 * and how many emails it received in the last hour.
 */
export function emailGateSql(hashes: string[]) {
  return Prisma.sql`
    SELECT EXISTS (SELECT FROM notify_opt_outs WHERE address_hash = ANY(${hashes}::text[])) AS opted_out,
           (SELECT count(*)::int FROM notify_sends
            WHERE address_hash = ANY(${hashes}::text[]) AND sent_at > now() - interval '1 hour') AS sent`;
}

export type EmailGateRow = { opted_out: boolean; sent: number };
