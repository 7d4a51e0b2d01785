import nextEnv from "@next/env";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import {
  generateSealingKey,
  generateSealingKeyCommand,
  parseSealingKey,
  type SealingKey,
  type SealingKeys,
} from "./crypto/seal";
import { brandingSettings } from "./branding/branding-settings";
import { fileSettings, s3SettingsComplete } from "./files/file-settings";
import { s3KeyPairComplete } from "./files/s3-settings";
import * as people from "./people/people-settings";
import { notificationSettings, smtpNeedsPublicUrl } from "./notifications/notification-settings";
import * as policies from "./notes/policy-settings";
import { defaultTtlChoices, parseTtlChoices, type TtlChoices } from "./notes/ttl-choices";
import { rateLimitSettings, upstashSettingsComplete } from "./rate-limit/settings";
import { optional, parsedWith, wholeNumber } from "./setting-schemas";
import { webhookSettings } from "./webhooks/webhook-settings";

// The only reader of process.env: every setting is validated once, and a bad value stops the
// process with a message naming the variable. Settings come from the environment, then from the
// project's .env files, read exactly as Next.js reads them (.env.production.local, .env.local,
// .env.production, .env; the environment wins), so every command (npm start, keys, cleanup,
// db:migrate, bench) sees what the server sees. Next.js does the same inside its server; reading
// twice is harmless, because a variable already set is never replaced.
nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV === "development", {
  info: () => {},
  error: (...messages: unknown[]) => console.error(...messages),
});

/** Comma-separated base64url 32-byte keys; null (refused) when any part is not one. */
function parseSealingKeys(text: string): SealingKeys | null {
  const [first, ...others] = text.split(",").map(parseSealingKey);
  return first && others.every((key) => key !== null) ? [first, ...others] : null;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Set by Next.js in the code it compiles (see loadEnv); unset in scripts and tests. */
  NEXT_RUNTIME: z.enum(["nodejs", "edge"]).optional(),
  /** Postgres connection string; when unset the service runs on embedded PGlite under DATA_DIR. */
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }),
  ),
  /**
   * Keys that seal notes at rest (AES-256-GCM): the first seals, every one opens. Unset without
   * DATABASE_URL: a key file generated under DATA_DIR (see sealingKeys below).
   */
  ENCRYPTION_KEYS: parsedWith(
    parseSealingKeys,
    `must be base64url 32-byte keys separated by commas (generate one: ${generateSealingKeyCommand})`,
  ),
  /** Where the embedded database keeps its files. */
  DATA_DIR: z.string().min(1).default(".data"),
  /** Postgres's shared_buffers inside the embedded database, in MB (most of its memory). */
  EMBEDDED_SHARED_BUFFERS_MB: wholeNumber(1, 1024).default(32),
  /** Base of the `url` field and the Location header; else the request's own origin. */
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .transform((url) => url.replace(/\/+$/, "")),
  ),
  /** 0: a free port the system picks, which `npm start` names in its "Listening on" line. */
  PORT: wholeNumber(0, 65535).default(3000),
  /** The address `npm start` listens on; unset: every interface (IPv6 and IPv4). */
  HOST: optional(
    z.string().refine((host) => isIP(host) !== 0 || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host), {
      error: "must be an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name",
    }),
  ),
  /** Size of the Postgres connection pool of one server process. */
  DATABASE_POOL_SIZE: wholeNumber(1, 200).default(10),
  /** The API's statements as named prepared statements; off behind a pooler that cannot keep them. */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["on", "off"])
    .default("on")
    .transform((value) => value === "on"),
  /** Worker threads that render Markdown and HTML at create time. */
  // One worker on a machine of two cores or fewer: the same throughput there, 100 MiB less memory.
  RENDER_WORKERS: wholeNumber(1, 64).default(Math.max(1, Math.min(2, availableParallelism() - 1))),
  /** A note whose rendering takes longer is stored as escaped plain text instead. */
  RENDER_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  /** ... or needs more than this heap, in MiB, per worker (real notes of 512 KiB need under 128). */
  RENDER_WORKER_MEMORY_MB: wholeNumber(16, 65_536).default(256),
  /** On SIGTERM, how long requests in flight may take to finish before the process exits. */
  SHUTDOWN_GRACE_MS: wholeNumber(0, 600_000).default(10_000),
  /** On SIGTERM, how long health answers 503 "draining" while requests are still taken, before the above. */
  SHUTDOWN_DELAY_MS: wholeNumber(0, 600_000).default(0),

  // The front server of `npm start` (lib/server/front-server.ts)
  /** A client must have sent a request's headers within this long of starting it. */
  HTTP_HEADERS_TIMEOUT_MS: wholeNumber(1_000, 600_000).default(10_000),
  /** ... and the whole request, body included (bodies are at most 2 MiB). */
  HTTP_REQUEST_TIMEOUT_MS: wholeNumber(1_000, 3_600_000).default(60_000),
  /** An idle keep-alive connection is closed after this long. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1_000, 600_000).default(5_000),
  /** Open client connections at most; beyond it the one waiting longest for a request is closed. */
  HTTP_MAX_CONNECTIONS: wholeNumber(1, 1_000_000).default(1_000),
  /** ... from one socket address; unset: 100, or HTTP_MAX_CONNECTIONS with TRUST_PROXY (see below). */
  HTTP_MAX_CONNECTIONS_PER_IP: optional(wholeNumber(1, 1_000_000)),
  /** 1: the API too goes through Next.js's router, as under `next dev` (tests and diagnosis; slower). */
  DEBUG_NO_DIRECT_ROUTES: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),

  // Rate limiting (lib/rate-limit/settings.ts)
  ...rateLimitSettings,
  // Admin page (/admin)
  /** Signs administrators in and keys their session cookies; unset: the admin page is disabled. */
  ADMIN_SECRET: optional(z.string().min(16, { error: "must be at least 16 characters long" })),
  /** How long an admin session lasts before signing in again. */
  ADMIN_SESSION_HOURS: wholeNumber(1, 24).default(8),
  // People signing in through the organisation's provider (lib/people/people-settings.ts)
  ...people.peopleSettings,
  // Web pages: branding (lib/branding/branding-settings.ts), then what they offer
  ...brandingSettings,
  /**
   * sanitize: every note's HTML is sanitized (default). trusted: HTML notes created with a valid key
   * also keep the HTML as written, which the viewer shows only inside a sandboxed frame.
   */
  HTML_MODE: z.enum(["sanitize", "trusted"]).default("sanitize"),
  /** The API's accepted `ttl` values, in the order the create page offers them. */
  TTL_CHOICES: parsedWith(
    parseTtlChoices,
    "must be ttl values such as 5m,1h,1d,90d: each a whole number of m, h or d from 1m to 365d, no lifetime twice",
  ).transform((choices): TtlChoices => choices ?? (parseTtlChoices(defaultTtlChoices) as TtlChoices)),
  /** The create page's preselected ttl: one of TTL_CHOICES; unset: 1d when offered, else the first. */
  DEFAULT_TTL: optional(z.string()),
  /** 1: creating a note needs a valid API key (anonymous creates get 401 bad_api_key). */
  CREATE_REQUIRES_KEY: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  // What a note must or may hold (lib/notes/policy-settings.ts)
  ...policies.policySettings,
  /** Bearer token of GET /metrics (Prometheus); unset: that path is 404. */
  METRICS_TOKEN: optional(z.string().min(16, { error: "must be at least 16 characters" })),

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
  /** A note's access log is kept this many days after the note is burned, deleted or expired. */
  ACCESS_LOG_RETENTION_DAYS: wholeNumber(1, 3650).default(30),

  // Webhooks (lib/webhooks/webhook-settings.ts)
  ...webhookSettings,

  // Email notifications (lib/notifications/notification-settings.ts)
  ...notificationSettings,

  // Files attached to notes, and where their chunks are stored (lib/files/file-settings.ts)
  ...fileSettings,
});

// A shared database needs a configured key: each instance generating its own could not read the
// others' notes, and a key kept only on one machine's disk is lost with it (and every note with it).
// The refusal says how to generate one, never prints one: stderr ends up in logs. The Helm chart's test
// checks the env it gives each pod against this schema (scripts/container/helm-render.test.ts).
export const checkedEnvSchema = envSchema
  .refine(...upstashSettingsComplete)
  // Node refuses a headers timeout longer than the request's.
  .refine((env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS, {
    path: ["HTTP_HEADERS_TIMEOUT_MS"],
    error: "must not be longer than HTTP_REQUEST_TIMEOUT_MS",
  })
  .refine((env) => !env.DATABASE_URL || env.ENCRYPTION_KEYS, {
    path: ["ENCRYPTION_KEYS"],
    error:
      "must be set with DATABASE_URL. Notes are stored sealed with this key: every instance must " +
      "use the same one, and losing it loses every note, so keep a copy somewhere safe. Generate " +
      `one with: ${generateSealingKeyCommand}`,
  })
  .refine(...s3SettingsComplete)
  .refine(...people.providerSettingsComplete)
  .refine(...people.providerNeedsPublicUrl)
  .refine(...people.adminListsNeedProvider)
  .refine(...people.signInNeedsProvider)
  .refine(...smtpNeedsPublicUrl)
  .refine(...s3KeyPairComplete)
  .refine(...policies.defaultBurnAfterWithinMax)
  .refine(...policies.fileCountNamesAgree)
  .refine((env) => env.DEFAULT_TTL === undefined || env.TTL_CHOICES.has(env.DEFAULT_TTL), {
    path: ["DEFAULT_TTL"],
    error: "must be one of TTL_CHOICES",
  })
  .transform((env) => ({
    ...env,
    // Behind a proxy every connection comes from the proxy's address: one cap for it and the total.
    HTTP_MAX_CONNECTIONS_PER_IP:
      env.HTTP_MAX_CONNECTIONS_PER_IP ??
      (env.TRUST_PROXY && env.TRUST_PROXY !== "off" ? env.HTTP_MAX_CONNECTIONS : 100),
    MAX_FILE_COUNT: policies.maxFileCount(env),
    DEFAULT_TTL:
      env.DEFAULT_TTL ?? (env.TTL_CHOICES.has("1d") ? "1d" : ([...env.TTL_CHOICES.keys()][0] ?? "1d")),
  }));

export type Env = z.output<typeof checkedEnvSchema>;

/** Every variable the service reads, in the schema's order. */
export const settingNames = Object.keys(envSchema.shape) as (keyof Env)[];

/** Each variable's own schema: what it accepts, and its value when unset (scripts/docs.test.ts reads the defaults). */
export const settingSchemas = envSchema.shape;

/** The validated settings; with a bad value, the message alone on stderr and exit code 1. */
function loadEnv(): Env {
  // Next.js writes NEXT_RUNTIME into the code it compiles rather than into the process's environment,
  // so only this literal read sees it there (the render pool needs it to start the compiled worker).
  const parsed = checkedEnvSchema.safeParse({ ...process.env, NEXT_RUNTIME: process.env.NEXT_RUNTIME });
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    console.error(`Invalid configuration (see .env.example):\n${problems}`);
    process.exit(1);
  }
  return parsed.data;
}

export const env = loadEnv();

export const embeddedDataDir = path.resolve(env.DATA_DIR, "pglite");

/** The embedded database's key, generated on first use when ENCRYPTION_KEYS is unset. */
export const embeddedKeyFile = path.resolve(env.DATA_DIR, "encryption-key");

function embeddedSealingKey(): SealingKey {
  // Private like everything under DATA_DIR (lib/db/private-folder.ts).
  mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  try {
    // "wx": of two processes starting at once, one creates the file and both read the same key.
    writeFileSync(embeddedKeyFile, `${generateSealingKey()}\n`, { flag: "wx", mode: 0o600 });
    console.log(
      `Generated the encryption key of the embedded database: ${embeddedKeyFile}. ` +
        "Back it up together with the data: without it no note can be read.",
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  chmodSync(embeddedKeyFile, 0o600);
  const key = parseSealingKey(readFileSync(embeddedKeyFile, "utf8"));
  if (!key) throw new Error(`${embeddedKeyFile} does not hold a base64url 32-byte key.`);
  return key;
}

let resolvedKeys: SealingKeys | undefined;

/** The keys that seal and open notes: ENCRYPTION_KEYS, else the embedded database's key file. */
export function sealingKeys(): SealingKeys {
  resolvedKeys ??= env.ENCRYPTION_KEYS ?? [embeddedSealingKey()];
  return resolvedKeys;
}
