import "server-only";
import { resealInBatches, type ResealCount } from "../crypto/reseal-in-batches";
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
import { webhooksSealedBy } from "../webhooks/reseal-webhooks";
import { recipientLabelsSealedBy } from "./reseal-recipient-labels";
import { requestTextsSealedBy } from "../requests/reseal-request-texts";
import { peopleSealedBy } from "../people/reseal-people";
import { filesSealedBySql } from "../files/file-sql";
import { keptAnswersSealedBySql } from "../idempotency/kept-answer-sql";
import { notifySealedBySql } from "../notifications/notify-target-sql";
import type { Prisma } from "../generated/prisma/client";

type StoredPage = StoredPageText & { share_id: string };

const exists = async (sql: Prisma.Sql) => (await queryRows<{ used: boolean }>(sql))[0]?.used ?? false;

// Everything a server key may seal: a key is forgotten only once none of them holds a value it
// sealed. Files are not re-sealed (their chunks would have to be rewritten), so a key that sealed
// a file stays in use as long as that file is stored; kept answers are not either (they live ten
// minutes), so a key one of them holds stays until it ends, and a retry still opens it; nor are
// notification addresses, which go with their note.
const sealedWithKey: ((keyId: string) => Promise<boolean>)[] = [
  (keyId) => exists(pagesSealedBySql(keyId)),
  webhooksSealedBy,
  recipientLabelsSealedBy,
  requestTextsSealedBy,
  peopleSealedBy,
  (keyId) => exists(filesSealedBySql(keyId)),
  (keyId) => exists(keptAnswersSealedBySql(keyId)),
  (keyId) => exists(notifySealedBySql(keyId)),
];

/** pages now sealed with the first key, pages no configured key opens (left as they are), and: */
type ResealReport = ResealCount & {
  /** keys nothing (sealedWithKey above) is sealed with any more: they may be dropped */
  retired: string[];
  /** other keys something is still sealed with (a file, an answer kept for a retry, or a value a server sealing with an old key wrote meanwhile) */
  kept: string[];
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
 * secrets and URLs, recipients' labels, requests' texts and people's names and emails included: re-seal them
 * first). Pages without a seal are sealed
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
  const sealsUnsealed = await servesUnsealedPages();
  const count = await resealInBatches({
    start: { id: "", index: -1 },
    next: (after) => queryRows<StoredPage>(pagesToResealSql(sealing.id, after, batchSize, sealsUnsealed)),
    cursorOf: (page) => ({ id: page.share_id, index: page.page_index }),
    reseal: (page): ResealedPage => ({
      ...sealPage(sealing, page.share_id, openPage(keys, page.share_id, page)),
      was_sealed_by: page.sealed_by,
    }),
    write: async (pages) => (await queryRows<{ resealed: number }>(resealPagesSql(pages)))[0]?.resealed ?? 0,
    onBatch,
  });
  const report: ResealReport = { ...count, retired: [], kept: [], fallbackClosed: false, strayUnsealed: 0 };
  const [counted] = await queryRows<{ unsealed: number }>(unsealedPageCountSql());
  if (!sealsUnsealed) report.strayUnsealed = counted?.unsealed ?? 0;
  else if (report.unopenable === 0 && counted?.unsealed === 0) {
    await closePlaintextFallback();
    report.fallbackClosed = true;
  }
  if (report.unopenable === 0) {
    const { forgotten, kept } = await forgetSealingKeys(await getPrisma(), {
      keep: sealing.id,
      inUse: async (keyId) => {
        for (const sealedBy of sealedWithKey) if (await sealedBy(keyId)) return true;
        return false;
      },
    });
    report.retired = forgotten;
    report.kept = kept;
  }
  return report;
}
