import "server-only";
import { resealInBatches, type ResealCount } from "../crypto/reseal-in-batches";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { openRequestText, sealRequestText } from "./request-sealing";
import {
  requestTextsSealedBySql,
  requestTextsToResealSql,
  resealRequestTextsSql,
  type ResealedRequestText,
  type StoredRequestText,
} from "./request-sql";

/**
 * Re-seals, in batches, the title and instructions of every request that an older key sealed, with
 * the first of ENCRYPTION_KEYS, while the service runs: each request is written only if its texts
 * are unchanged since they were read (a request deleted meanwhile is simply not written).
 */
export async function resealRequestTexts(batchSize = 200): Promise<ResealCount> {
  const [sealing] = sealingKeys();
  const reseal = (id: string, field: "title" | "instructions", sealed: string) =>
    sealRequestText(id, field, openRequestText(id, field, sealed));
  return resealInBatches({
    start: "",
    next: (after) => queryRows<StoredRequestText>(requestTextsToResealSql(sealing.id, after, batchSize)),
    cursorOf: (request) => request.id,
    reseal: ({ id, title, instructions }): ResealedRequestText => ({
      id,
      title: reseal(id, "title", title),
      instructions: reseal(id, "instructions", instructions),
      was_title: title,
      was_instructions: instructions,
    }),
    write: async (requests) =>
      (await queryRows<{ resealed: number }>(resealRequestTextsSql(requests)))[0]?.resealed ?? 0,
  });
}

/** Whether any request's title or instructions is still sealed with the key. */
export async function requestTextsSealedBy(keyId: string): Promise<boolean> {
  return (await queryRows<{ used: boolean }>(requestTextsSealedBySql(keyId)))[0]?.used ?? false;
}
