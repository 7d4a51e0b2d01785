import "server-only";
import { getDatabase, queryRows } from "../db";
import { ApiError } from "../http/api-error";
import { errorFields } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";
import { generateApiKey, hashApiKey, publicPrefix } from "./api-key-format";
import { insertKeySql, type ApiKeyRow } from "./api-key-sql";

const attempts = 3;

export type IssuedApiKey = { id: string; label: string; prefix: string; createdAt: Date; key: string };

/** Issues a key. The key itself is returned once and only its hash is stored. */
export async function issueApiKey(options: {
  label: string;
  /** a personal key, issued on /me: it acts as this person */
  personId?: string;
  /** injectable so tests can force collisions */
  generateKey?: () => string;
}): Promise<IssuedApiKey> {
  const { generateKey = generateApiKey } = options;
  const label = options.label.trim();
  if (!label) throw new Error("A key needs a label.");
  // Opened first, so that a database that cannot open (in use, unreachable) says so in its own words
  // rather than as a key that could not be stored.
  await getDatabase();
  for (let attempt = 0; attempt < attempts; attempt++) {
    const key = generateKey();
    try {
      const [record] = await queryRows<ApiKeyRow>(
        insertKeySql({
          label,
          prefix: publicPrefix(key),
          keyHash: hashApiKey(key),
          personId: options.personId ?? null,
        }),
      );
      if (!record) break;
      return { id: record.id, label: record.label, prefix: record.prefix, createdAt: record.createdAt, key };
    } catch (error) {
      // A prefix collision (47 random bits) is retried; anything else is a storage failure.
      const collided = (error as { code?: unknown }).code === "23505";
      if (!collided) {
        writeLogLine({ level: "error", msg: "could not store a new API key", ...errorFields(error) });
        break;
      }
    }
  }
  throw new ApiError("key_generation_failed", "The new API key could not be stored; please retry.");
}
