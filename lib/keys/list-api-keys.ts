import "server-only";
import { getPrisma } from "../db";

/** Every key, newest first, with what an admin needs to judge it; never the hash. */
export async function listApiKeys() {
  const prisma = await getPrisma();
  return prisma.apiKey.findMany({
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      label: true,
      prefix: true,
      createdAt: true,
      lastUsedAt: true,
      notesCreated: true,
      revokedAt: true,
    },
  });
}
