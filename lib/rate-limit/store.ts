import { env } from "../env";
import { processSingleton } from "../process/process-singleton";
import { MemoryStore } from "./memory-store";
import type { Backend, RateLimitStore } from "./types";
import { UpstashStore } from "./upstash-store";

// The one store of this process: Upstash when UPSTASH_REDIS_REST_URL and _TOKEN are set, else memory.
function createStore(): RateLimitStore {
  const { UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token } = env;
  if (url && token) {
    console.log(`Rate limits: kept in Upstash Redis at ${new URL(url).host}, shared by all instances.`);
    return new UpstashStore({
      url,
      token,
      prefix: env.RATE_LIMIT_PREFIX,
      timeoutMs: env.RATE_LIMIT_STORE_TIMEOUT_MS,
    });
  }
  console.log(
    "Rate limits: kept in this process's memory (single instance only: set UPSTASH_REDIS_REST_URL " +
      "and UPSTASH_REDIS_REST_TOKEN to share them between instances).",
  );
  return new MemoryStore(env.RATE_LIMIT_MEMORY_MAX_KEYS);
}

export function rateLimitStore(): RateLimitStore {
  return processSingleton("rate-limit-store", createStore);
}

/** For the health check: which store counts, and whether it answers. */
export async function checkRateLimitStore(): Promise<{ backend: Backend; ok: boolean }> {
  const store = rateLimitStore();
  return { backend: store.backend, ok: await store.ping() };
}
