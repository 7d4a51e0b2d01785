import "server-only";
import { getPrisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { ApiError } from "../http/api-error";
import { describeError } from "../process/describe-error";
import { generateApiKey, hashApiKey, publicPrefix } from "./api-key-format";

const attempts = 3;

export type IssuedApiKey = { id: string; label: string; prefix: string; createdAt: Date; key: string };

/** Issues a key. The key itself is returned once and only its hash is stored. */
export async function issueApiKey(options: {
  label: string;
  /** injectable so tests can force collisions */
  generateKey?: () => string;
}): Promise<IssuedApiKey> {
  const { generateKey = generateApiKey } = options;
  const label = options.label.trim();
  if (!label) throw new Error("A key needs a label.");
  const prisma = await getPrisma();
  for (let attempt = 0; attempt < attempts; attempt++) {
    const key = generateKey();
    try {
      const record = await prisma.apiKey.create({
        data: { label, prefix: publicPrefix(key), keyHash: hashApiKey(key) },
        select: { id: true, label: true, prefix: true, createdAt: true },
      });
      return { ...record, key };
    } catch (error) {
      // A prefix collision (47 random bits) is retried; anything else is a storage failure.
      const collided = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
      if (!collided) {
        console.error(`Could not store a new API key: ${describeError(error)}`);
        break;
      }
    }
  }
  throw new ApiError("key_generation_failed", "The new API key could not be stored; please retry.");
}
