import "server-only";
import { SealError } from "../crypto/seal";
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

export type LabelResealReport = {
  /** labels (every stored copy counts) now sealed with the first key */
  resealed: number;
  /** labels no configured key opens (left as they are) */
  unopenable: number;
};

/**
 * Re-seals, in batches, every recipient's label sealed by an older key or stored before sealing, in
 * every place it is kept, with the first of ENCRYPTION_KEYS, while the service runs: each is written
 * only if unchanged since it was read.
 */
export async function resealRecipientLabels(batchSize = 200): Promise<LabelResealReport> {
  const keys = sealingKeys();
  const [sealing] = keys;
  const report: LabelResealReport = { resealed: 0, unopenable: 0 };
  for (const place of labelPlaceNames) {
    let after = "";
    for (;;) {
      const batch = await queryRows<StoredLabel>(labelsToResealSql(place, sealing.id, after, batchSize));
      const last = batch.at(-1);
      if (!last) break;
      after = last.key;
      const labels: ResealedLabel[] = [];
      for (const { key, link_id, label } of batch) {
        try {
          const opened = openRecipientLabel(keys, link_id, label);
          labels.push({ key, label: sealRecipientLabel(sealing, link_id, opened), was: label });
        } catch (error) {
          if (!(error instanceof SealError)) throw error;
          report.unopenable++;
        }
      }
      const [written] = await queryRows<{ resealed: number }>(resealLabelsSql(place, labels));
      report.resealed += written?.resealed ?? 0;
    }
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
