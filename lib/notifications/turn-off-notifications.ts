import "server-only";
import { Prisma } from "../generated/prisma/client";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { ApiError } from "../http/api-error";
import { deleteNotifyTargetSql } from "./notify-target-sql";
import { scopeOf, type TokenScope } from "./notify-tokens";

// What the links of an email do: turn off one note's or request's notifications (its target goes,
// with its emails not sent yet), or opt an address out of every notification of this instance (its
// keyed hash is kept, never the address). A token does the one thing it names and nothing else.

const optOutSql = (hash: string) => Prisma.sql`
  INSERT INTO notify_opt_outs (address_hash) VALUES (${hash}) ON CONFLICT DO NOTHING`;

/** Does what `token` names and says what that was; not_found for a token this instance did not make. */
export async function turnOffNotifications(token: string): Promise<TokenScope["kind"]> {
  const scope = scopeOf(sealingKeys(), token);
  if (!scope) throw new ApiError("not_found", "This link is not one of this site's notification links.");
  await queryRows(
    scope.kind === "address" ? optOutSql(scope.hash) : deleteNotifyTargetSql(scope.kind, scope.id),
  );
  return scope.kind;
}
