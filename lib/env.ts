import path from "node:path";
import { z } from "zod";

// The only reader of process.env: every setting is validated once, and a bad value stops start-up
// with a message naming the variable.

// An empty variable (as .env files often leave them) means "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Set by Next.js in its server processes; unset in scripts and tests. */
  NEXT_RUNTIME: z.enum(["nodejs", "edge"]).optional(),
  /** Postgres connection string; when unset the service runs on embedded PGlite under DATA_DIR. */
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }),
  ),
  /** Where the embedded database keeps its files. */
  DATA_DIR: z.string().min(1).default(".data"),
  /** Base of the `url` field and the Location header; else the request's own origin. */
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .transform((url) => url.replace(/\/+$/, "")),
  ),
  PORT: wholeNumber(1, 65535).default(3000),
  /** Size of the Postgres connection pool of one server process. */
  DATABASE_POOL_SIZE: wholeNumber(1, 200).default(10),
  /** Worker threads that render Markdown and HTML at create time. */
  RENDER_WORKERS: wholeNumber(1, 64).default(2),
  /** A note whose rendering takes longer is stored as escaped plain text instead. */
  RENDER_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  /** On SIGTERM, how long requests in flight may take to finish before the process exits. */
  SHUTDOWN_GRACE_MS: wholeNumber(0, 600_000).default(10_000),

  // Database outages: how long to wait before answering 503 unavailable
  /** Getting a Postgres connection (opening one, or waiting for a free one in the pool). */
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(100, 600_000).default(5_000),
  /** One statement (Postgres statement_timeout; the client gives up a second later). */
  DATABASE_QUERY_TIMEOUT_MS: wholeNumber(100, 600_000).default(10_000),

  // Cleanup of expired and burned notes
  /** Bearer secret of GET /api/v1/cron/cleanup, for platform cron jobs; unset: that route is 404. */
  CRON_SECRET: optional(z.string().min(16, { error: "must be at least 16 characters" })),
  /** `npm start` purges expired and burned notes this often (seconds); 0 turns it off. */
  CLEANUP_INTERVAL_SECONDS: wholeNumber(0, 604_800).default(600),
});

export type Env = z.infer<typeof envSchema>;

function loadEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration (see .env.example):\n${problems}`);
  }
  return parsed.data;
}

export const env = loadEnv();

export const embeddedDataDir = path.resolve(env.DATA_DIR, "pglite");
