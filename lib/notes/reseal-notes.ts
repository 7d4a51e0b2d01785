import "server-only";
import { SealError } from "../crypto/seal";
import { getPrisma, queryRows } from "../db";
import { sealingKeys } from "../env";
import { openPage, sealPage, type StoredPageText } from "./note-sealing";
import {
  pagesSealedBySql,
  pagesToResealSql,
  resealPagesSql,
  unsealedPageCountSql,
  type ResealedPage,
} from "./note-admin-sql";
import { closePlaintextFallback, servesUnsealedPages } from "./plaintext-fallback";
import { forgetSealingKeys } from "./sealing-key-registry";
import { webhookSecretsSealedBy } from "../webhooks/reseal-webhook-secrets";
import { recipientLabelsSealedBy } from "./reseal-recipient-labels";

type StoredPage = StoredPageText & { share_id: string };

export type ResealReport = {
  /** pages now sealed with the first key */
  resealed: number;
  /** pages no configured key opens (left as they are) */
  unopenable: number;
  /** keys nothing (no page, no webhook secret) is sealed with any more: they may be dropped */
  retired: string[];
  /** this run sealed the last pages stored before sealing: pages without a seal are served no more */
  fallbackClosed: boolean;
  /** pages without a seal in a database whose fallback was closed before: not the service's, left alone */
  strayUnsealed: number;
};

/**
 * Re-seals, in batches, every page sealed by an older key or stored before sealing, with the first
 * of ENCRYPTION_KEYS, while the service runs: each batch is read, then written in one statement that
 * skips any page changed in between (read, burned or deleted meanwhile). Pages sealed by a password
 * are not touched: the server cannot open them. Then forgets the keys nothing is sealed with (webhook
 * secrets and recipients' labels included: re-seal them first). Pages without a seal are sealed
 * only while the plaintext fallback is open (lib/notes/plaintext-fallback.ts), which closes once
 * none is left; after that, such a page was not written by the service and is left alone.
 */
export async function resealNotes(options: {
  batchSize?: number;
  onBatch?: (resealed: number) => void;
}): Promise<ResealReport> {
  const { batchSize = 200, onBatch } = options;
  const keys = sealingKeys();
  const [sealing] = keys;
  const report: ResealReport = {
    resealed: 0,
    unopenable: 0,
    retired: [],
    fallbackClosed: false,
    strayUnsealed: 0,
  };
  const sealsUnsealed = await servesUnsealedPages();
  let after = { id: "", index: -1 };
  for (;;) {
    const batch = await queryRows<StoredPage>(pagesToResealSql(sealing.id, after, batchSize, sealsUnsealed));
    const last = batch.at(-1);
    if (!last) break;
    after = { id: last.share_id, index: last.page_index };
    const pages: ResealedPage[] = [];
    for (const page of batch) {
      try {
        const opened = openPage(keys, page.share_id, page);
        pages.push({ ...sealPage(sealing, page.share_id, opened), was_sealed_by: page.sealed_by });
      } catch (error) {
        if (!(error instanceof SealError)) throw error;
        report.unopenable++;
      }
    }
    const [written] = await queryRows<{ resealed: number }>(resealPagesSql(pages));
    report.resealed += written?.resealed ?? 0;
    onBatch?.(report.resealed);
  }
  const [counted] = await queryRows<{ unsealed: number }>(unsealedPageCountSql());
  if (!sealsUnsealed) report.strayUnsealed = counted?.unsealed ?? 0;
  else if (report.unopenable === 0 && counted?.unsealed === 0) {
    await closePlaintextFallback();
    report.fallbackClosed = true;
  }
  if (report.unopenable === 0) {
    report.retired = await forgetSealingKeys(await getPrisma(), {
      keep: sealing.id,
      inUse: async (keyId) =>
        ((await queryRows<{ used: boolean }>(pagesSealedBySql(keyId)))[0]?.used ?? false) ||
        (await webhookSecretsSealedBy(keyId)) ||
        (await recipientLabelsSealedBy(keyId)),
    });
  }
  return report;
}
