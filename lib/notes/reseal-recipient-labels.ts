import "server-only";
import { resealInBatches, type ResealCount } from "../crypto/reseal-in-batches";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import {
  labelPlaceNames,
  labelsSealedBySql,
  labelsToResealSql,
  resealLabelsSql,
  type ResealedLabel,
  type StoredLabel,
} from "./recipient-label-sql";
import { openRecipientLabel, sealRecipientLabel } from "./recipient-sealing";

/**
 * Re-seals, in batches, every recipient's label sealed by an older key or stored before sealing, in
 * every place it is kept, with the first of ENCRYPTION_KEYS, while the service runs: each is written
 * only if unchanged since it was read. Every stored copy counts.
 */
export async function resealRecipientLabels(batchSize = 200): Promise<ResealCount> {
  const keys = sealingKeys();
  const [sealing] = keys;
  const report: ResealCount = { resealed: 0, unopenable: 0 };
  for (const place of labelPlaceNames) {
    const count = await resealInBatches({
      start: "",
      next: (after) => queryRows<StoredLabel>(labelsToResealSql(place, sealing.id, after, batchSize)),
      cursorOf: (row) => row.key,
      reseal: ({ key, link_id, label }): ResealedLabel => ({
        key,
        label: sealRecipientLabel(sealing, link_id, openRecipientLabel(keys, link_id, label)),
        was: label,
      }),
      write: async (labels) =>
        (await queryRows<{ resealed: number }>(resealLabelsSql(place, labels)))[0]?.resealed ?? 0,
    });
    report.resealed += count.resealed;
    report.unopenable += count.unopenable;
  }
  return report;
}

/** Whether any recipient's label, in any place, is still sealed with the key. */
export async function recipientLabelsSealedBy(keyId: string): Promise<boolean> {
  for (const place of labelPlaceNames) {
    const [row] = await queryRows<{ used: boolean }>(labelsSealedBySql(place, keyId));
    if (row?.used) return true;
  }
  return false;
}
