import "server-only";
import { getPrisma } from "../db";
import { processSingleton } from "../process/process-singleton";

// Pages stored before sealing (sealed_by null) are served as they are only while the database has
// its plaintext_fallback row: the upgrade adds it only where such pages exist, and `npm run reseal`
// removes it once it has sealed them all. Without the row, a page without a seal was not written by
// the service (someone who can write the database put it there, say HTML with an onerror handler),
// and no read serves it. Sealed pages, every read of a sealed database, never ask: the row is looked
// up only when a read meets a page without a seal, so a re-seal finished by another process counts
// from the next such read. A process that has seen the row gone never serves such a page again.

const fallback = processSingleton("plaintextFallback", () => ({ closed: false }));

/** Whether a page without a seal may be served as it is (the fallback row still exists). */
export async function servesUnsealedPages(): Promise<boolean> {
  if (fallback.closed) return false;
  const prisma = await getPrisma();
  fallback.closed = (await prisma.plaintextFallback.count()) === 0;
  return !fallback.closed;
}

/** Removes the fallback row: from now on no page without a seal is served (after a full re-seal). */
export async function closePlaintextFallback(): Promise<void> {
  const prisma = await getPrisma();
  await prisma.plaintextFallback.deleteMany();
  fallback.closed = true;
}
