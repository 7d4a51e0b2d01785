import { open, SealError, seal, type SealingKeys } from "../crypto/seal";
import type { PrismaClient } from "../generated/prisma/client";

// The sealing_keys table lists every server key that has sealed notes in this database, each with a
// short value it sealed (the canary). A start whose keys cannot open every canary stops before it
// reads or writes a note: a mistyped or lost ENCRYPTION_KEYS is a clear error, not unreadable notes
// later and new notes sealed with a key nobody kept.

const canaryText = "notes sealing canary";
const canaryData = (keyId: string) => `sealing-keys/v1|${keyId}`;

/** Throws unless `keys` open every canary; then registers the sealing key (the first). */
export async function checkSealingKeys(prisma: PrismaClient, keys: SealingKeys): Promise<void> {
  const registered = await prisma.sealingKey.findMany({ orderBy: { createdAt: "asc" } });
  for (const row of registered) {
    try {
      open(keys, row.canary, canaryData(row.id));
    } catch (error) {
      if (!(error instanceof SealError)) throw error;
      throw new Error(
        `The configured encryption keys (${keys.map((key) => key.id).join(", ")}) cannot open notes ` +
          `in this database: some were sealed with key ${row.id}, which is not among them. Nothing was ` +
          "read or changed. Put that key back in ENCRYPTION_KEYS (or the embedded database's key file); " +
          "to retire a key, add the new one first and run `npm run reseal`.",
        { cause: error },
      );
    }
  }
  const [sealing] = keys;
  if (registered.some((row) => row.id === sealing.id)) return;
  await prisma.sealingKey.createMany({
    data: [{ id: sealing.id, canary: seal(sealing, canaryText, canaryData(sealing.id)) }],
    skipDuplicates: true,
  });
}

/**
 * Forgets keys other than `keep` once nothing is sealed with them any more (after a re-seal); says
 * which it forgot and which are still in use.
 */
export async function forgetSealingKeys(
  prisma: PrismaClient,
  options: { keep: string; inUse: (keyId: string) => Promise<boolean> },
): Promise<{ forgotten: string[]; kept: string[] }> {
  const others = await prisma.sealingKey.findMany({ where: { id: { not: options.keep } } });
  const forgotten: string[] = [];
  const kept: string[] = [];
  for (const row of others) ((await options.inUse(row.id)) ? kept : forgotten).push(row.id);
  await prisma.sealingKey.deleteMany({ where: { id: { in: forgotten } } });
  return { forgotten, kept };
}
