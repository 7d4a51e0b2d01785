import { randomBytes } from "node:crypto";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { startHaproxy, instanceName, type Balancer } from "./haproxy";
import { startS3Server, type S3Server } from "./s3-server";
import { startServer, type ServerProcess } from "./server-process";
import { startUpstashBridge, type UpstashBridge } from "./upstash-bridge";

// The scale suite's deployment (e2e/scale, docs/benchmarks.md#several-instances): three `npm start`
// instances of the production build on one Postgres database made for the run, sharing the Upstash
// bridge (limits and the readers' daily salt) and one S3 bucket, behind HAProxy (haproxy.ts). Each
// instance runs the periodic cleanup and the webhook outbox, as every instance does by default.

export const instanceCount = 3;

/** The limits the suite counts (e2e/scale/shared-state.spec.ts); every other one stays out of the way. */
export const limits = { createPerKey: 10, passwordPerNote: 12 };

export type Cluster = {
  /** the balancer's URL: every request of the specs goes through it */
  url: string;
  databaseUrl: string;
  balancer: Balancer;
  bridge: UpstashBridge;
  s3: S3Server;
  /** the instances, by index (a restarted one replaces its predecessor) */
  instances: ServerProcess[];
  /** starts a new instance on the n-th one's port (after it stopped) */
  restart: (index: number) => Promise<ServerProcess>;
  /** waits until HAProxy has the n-th instance in rotation again */
  untilUp: (index: number) => Promise<void>;
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startCluster(databaseName: string): Promise<Cluster> {
  const databaseUrl = await createDatabase(databaseName);
  const bridge = await startUpstashBridge();
  const s3 = await startS3Server();
  const prefix = `notes:scale:${randomBytes(4).toString("hex")}`;
  const env = {
    DATABASE_URL: databaseUrl,
    // playwright.scale.config.ts sets it, so that the keys CLI run by the specs has it too.
    ENCRYPTION_KEYS: process.env.ENCRYPTION_KEYS,
    ADMIN_SECRET: randomBytes(24).toString("base64url"),
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: bridge.token,
    RATE_LIMIT_PREFIX: prefix,
    // The bridge runs in the test's own process, which is also sending the load: on a busy 2-core
    // machine it answers slower than the default 1 s, and password reads would answer 503.
    RATE_LIMIT_STORE_TIMEOUT_MS: "5000",
    RATE_LIMIT_CREATE: "1000000/1m",
    RATE_LIMIT_READ: "1000000/1m",
    RATE_LIMIT_UPLOAD: "1000000/1m",
    RATE_LIMIT_PASSWORD: "1000000/1m",
    RATE_LIMIT_CREATE_PER_KEY: `${limits.createPerKey}/1h`,
    RATE_LIMIT_PASSWORD_PER_NOTE: `${limits.passwordPerNote}/1h`,
    FILE_BUDGET_PER_ADDRESS: "off",
    FILE_BUDGET_PER_KEY: "off",
    FILE_STORAGE: "s3",
    ...s3.variables,
    // HAProxy appends the client's address to X-Forwarded-For.
    TRUST_PROXY: "1",
    // docs/deployment.md's figure for HAProxy's `inter 1s fall 2` with `timeout check 3s`.
    SHUTDOWN_DELAY_MS: "6000",
    CLEANUP_INTERVAL_SECONDS: "1",
    WEBHOOK_POLL_INTERVAL_MS: "200",
    WEBHOOK_RETRY_BASE_MS: "300",
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
  };
  const instances: ServerProcess[] = [];
  let balancer: Balancer | undefined;
  const stop = async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
    await bridge.deleteKeys(prefix);
    await bridge.close();
    await s3.remove();
    await dropDatabase(databaseName);
  };
  try {
    // One first, which migrates the empty database; then the others.
    instances.push(await startServer({ env }));
    instances.push(...(await Promise.all([1, 2].map(() => startServer({ env })))));
    balancer = await startHaproxy(instances.map((instance) => instance.port));
  } catch (error) {
    await stop();
    throw error;
  }
  const started = balancer;
  const untilUp = async (index: number) => {
    while ((await started.states())[instanceName(index)] !== "UP") await sleep(100);
  };
  for (let index = 0; index < instanceCount; index++) await untilUp(index);
  return {
    url: started.url,
    databaseUrl,
    balancer: started,
    bridge,
    s3,
    instances,
    async restart(index) {
      const previous = instances[index];
      if (!previous) throw new Error(`No instance ${index}`);
      const next = await startServer({ env, port: previous.port });
      instances[index] = next;
      return next;
    },
    untilUp,
    stop,
  };
}
