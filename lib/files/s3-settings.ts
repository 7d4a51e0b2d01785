// The S3_* settings of FILE_STORAGE=s3: where the chunks of files go when they are kept in an
// S3-compatible object store rather than in Postgres. Read only when that storage is chosen, so an
// installation that keeps files in Postgres is never asked for a bucket.
import { z } from "zod";

// An empty variable (as .env files often leave them) means "not set".
const optionalText = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());

const s3SettingsSchema = z
  .object({
    S3_BUCKET: z
      .string({ error: "must be set with FILE_STORAGE=s3" })
      .min(1, "must be set with FILE_STORAGE=s3"),
    S3_REGION: optionalText.transform((region) => region ?? "us-east-1"),
    /** MinIO, R2, Ceph, s3rver…; unset: AWS S3 of S3_REGION. */
    S3_ENDPOINT: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Bucket in the path (http://host/bucket/key) rather than in the host name: MinIO, s3rver. */
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", ""], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    /** Every object's key starts with it: several installations can share one bucket. */
    S3_PREFIX: optionalText
      .transform((prefix) => prefix ?? "notes-files/")
      .refine((prefix) => !prefix.startsWith("/"), "must not start with /"),
  })
  // Credentials come as a pair; with neither, the SDK's own chain (instance role, AWS_* variables).
  .refine((settings) => !settings.S3_ACCESS_KEY_ID === !settings.S3_SECRET_ACCESS_KEY, {
    path: ["S3_SECRET_ACCESS_KEY"],
    error: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
  })
  .transform((settings) => ({
    bucket: settings.S3_BUCKET,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    prefix: settings.S3_PREFIX,
  }));

export type S3Settings = z.output<typeof s3SettingsSchema>;

/** The S3 settings in `variables`; a bad or missing one throws, naming each variable and its fault. */
export function parseS3Settings(variables: Record<string, string | undefined>): S3Settings {
  const parsed = s3SettingsSchema.safeParse(variables);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid configuration (see .env.example):\n${problems.join("\n")}`);
}

/** The S3 settings of this process (lib/env.ts has put the .env files' values in process.env). */
export function s3Settings(): S3Settings {
  return parseS3Settings(process.env);
}
