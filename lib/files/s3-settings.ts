// The S3_* settings of FILE_STORAGE=s3: where the chunks of files go when they are kept in an
// S3-compatible object store rather than in Postgres. lib/env.ts gathers the fields (through
// file-settings.ts) and checks them with the rest; kept free of other imports of the service.
import { z } from "zod";
import { optional } from "../setting-schemas";

export const s3SettingFields = {
  /** FILE_STORAGE=s3: the bucket (needed then; the service never creates one). */
  S3_BUCKET: optional(z.string().min(3, { error: "must be a bucket name" })),
  /** The bucket's region (R2: auto). */
  S3_REGION: optional(z.string()).transform((region) => region ?? "us-east-1"),
  /** An S3-compatible service's URL (MinIO, R2, Ceph); unset: AWS S3 itself. */
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })),
  /** Both or neither; neither: the AWS SDK's own chain (AWS_* variables, an instance role). */
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  /** true: `<endpoint>/<bucket>/<key>` URLs (MinIO, s3rver) instead of `<bucket>.<endpoint>/<key>`. */
  S3_FORCE_PATH_STYLE: optional(z.enum(["true", "false"], { error: "must be true or false" })).transform(
    (value) => value === "true",
  ),
  /** Start of every object's key: several installations may share a bucket. */
  S3_PREFIX: optional(
    z.string().refine((prefix) => !prefix.startsWith("/"), "must not start with /"),
  ).transform((prefix) => prefix ?? "notes-files/"),
};

const s3SettingsSchema = z.object(s3SettingFields);
type S3Fields = z.output<typeof s3SettingsSchema>;

/** A refinement of the whole settings: an access key id comes with its secret, or neither is set. */
export const s3KeyPairComplete: [(settings: S3Fields) => boolean, { path: string[]; error: string }] = [
  (settings) => !settings.S3_ACCESS_KEY_ID === !settings.S3_SECRET_ACCESS_KEY,
  { path: ["S3_SECRET_ACCESS_KEY"], error: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together" },
];

/** What the S3 store is made with. */
export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  prefix: string;
};

/** The store's settings from checked S3_* fields (lib/env.ts's `env`, or parseS3Settings's). */
export function s3SettingsOf(fields: S3Fields): S3Settings {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = fields;
  return {
    bucket: fields.S3_BUCKET ?? "",
    region: fields.S3_REGION,
    endpoint: fields.S3_ENDPOINT,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: fields.S3_FORCE_PATH_STYLE,
    prefix: fields.S3_PREFIX,
  };
}

/** The store's settings in `variables` (tests, with s3rver's); a bad one throws, naming each. */
export function parseS3Settings(variables: Record<string, string | undefined>): S3Settings {
  const parsed = s3SettingsSchema
    .refine((fields) => fields.S3_BUCKET !== undefined, { path: ["S3_BUCKET"], error: "must be set" })
    .refine(...s3KeyPairComplete)
    .safeParse(variables);
  if (parsed.success) return s3SettingsOf(parsed.data);
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid S3 settings:\n${problems.join("\n")}`);
}
