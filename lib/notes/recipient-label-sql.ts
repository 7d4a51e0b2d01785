import { Prisma } from "../generated/prisma/client";
import { sealedByPrefix } from "../crypto/seal";

// Where a recipient's label is stored, each copy sealed under its link's id (recipient-sealing.ts):
// the link's row, its access-log entries, the payloads of its webhook deliveries. The statements
// that re-seal them under a new key (npm run reseal), walking each table by its key.

type LabelPlace = {
  table: string;
  /** the row's key, as text */
  key: string;
  /** the id of the link the label is bound to */
  linkId: string;
  label: string;
  /** the SET clause that stores `value` as the label */
  set: (value: Prisma.Sql) => Prisma.Sql;
};

const setRecipient = (value: Prisma.Sql) => Prisma.sql`recipient = ${value}`;

const labelPlaces = {
  shares: { table: "shares", key: "id", linkId: "id", label: "recipient", set: setRecipient },
  note_events: {
    table: "note_events",
    key: "id::text",
    linkId: "share_id",
    label: "recipient",
    set: setRecipient,
  },
  webhook_deliveries: {
    table: "webhook_deliveries",
    key: "id::text",
    linkId: "payload #>> '{data,id}'",
    label: "payload #>> '{data,recipient}'",
    set: (value: Prisma.Sql) =>
      Prisma.sql`payload = jsonb_set(payload, '{data,recipient}', to_jsonb(${value}))`,
  },
} satisfies Record<string, LabelPlace>;

type LabelPlaceName = keyof typeof labelPlaces;
export const labelPlaceNames = Object.keys(labelPlaces) as LabelPlaceName[];
const placeOf = (name: LabelPlaceName): LabelPlace => labelPlaces[name];

export type StoredLabel = { key: string; link_id: string; label: string };

/** The next `batchSize` labels in `name` after key `after` that are not sealed by `keyId`. */
export function labelsToResealSql(name: LabelPlaceName, keyId: string, after: string, batchSize: number) {
  const { table, key, linkId, label } = placeOf(name);
  return Prisma.sql`
    SELECT ${Prisma.raw(key)} AS key, ${Prisma.raw(linkId)} AS link_id, ${Prisma.raw(label)} AS label
    FROM ${Prisma.raw(table)}
    WHERE ${Prisma.raw(label)} IS NOT NULL AND NOT starts_with(${Prisma.raw(label)}, ${sealedByPrefix(keyId)})
      AND ${Prisma.raw(key)} > ${after}
    ORDER BY ${Prisma.raw(key)} LIMIT ${batchSize}::int`;
}

export type ResealedLabel = { key: string; label: string; was: string };

/** Writes re-sealed labels in one statement, each only if still as it was read. */
export function resealLabelsSql(name: LabelPlaceName, labels: ResealedLabel[]) {
  const { table, key, label, set } = placeOf(name);
  return Prisma.sql`
    WITH resealed AS (
      UPDATE ${Prisma.raw(table)} SET ${set(Prisma.sql`r.label`)}
      FROM json_to_recordset(${JSON.stringify(labels)}::json) AS r(key text, label text, was text)
      WHERE ${Prisma.raw(key)} = r.key AND ${Prisma.raw(label)} = r.was
      RETURNING 1)
    SELECT count(*)::int AS resealed FROM resealed`;
}

/** Whether any label in `name` is still sealed with the key. */
export function labelsSealedBySql(name: LabelPlaceName, keyId: string) {
  const { table, label } = placeOf(name);
  return Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM ${Prisma.raw(table)}
                   WHERE starts_with(${Prisma.raw(label)}, ${sealedByPrefix(keyId)})) AS used`;
}
