import { z } from "zod";
import type { Budget } from "../rate-limit/budget-bucket";
import { optional, parsedWith, wholeNumber } from "../setting-schemas";
import { s3SettingFields } from "./s3-settings";
import { GiB, KiB, MiB } from "../byte-units";

// The settings of files attached to notes (docs/files.md), gathered into lib/env.ts's schema. Kept
// free of other imports of the service: lib/env.ts parses with it.

const units = { "": 1, kib: KiB, mib: MiB, gib: GiB } as const;

/** `1048576`, `512KiB`, `100MiB`, `5GiB` as bytes; null when it is not one, or not above zero. */
export function parseByteSize(text: string): number | null {
  const match = /^(\d{1,15})\s*(kib|mib|gib)?$/i.exec(text.trim());
  if (!match) return null;
  const bytes = Number(match[1]) * units[(match[2]?.toLowerCase() ?? "") as keyof typeof units];
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : null;
}

const durationSeconds = { s: 1, m: 60, h: 60 * 60, d: 24 * 60 * 60 } as const;

/** `3600`, `30m`, `1h`, `1d` as seconds, from a minute to 30 days; null otherwise. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,7})(s|m|h|d)?$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * durationSeconds[(match[2] ?? "s") as keyof typeof durationSeconds];
  return seconds >= 60 && seconds <= 30 * durationSeconds.d ? seconds : null;
}

/** `1GiB/1h`: a byte budget regained over a duration (parseDuration's); "off"; null otherwise. */
export function parseByteBudget(text: string): Budget | "off" | null {
  if (text.trim().toLowerCase() === "off") return "off";
  const [size, window, ...rest] = text.split("/");
  if (size === undefined || window === undefined || rest.length > 0) return null;
  const bytes = parseByteSize(size);
  const seconds = parseDuration(window);
  return bytes === null || seconds === null ? null : { bytes, windowMs: seconds * 1000 };
}

const byteBudget = (fallback: Budget) =>
  parsedWith(parseByteBudget, "must be a size per duration (1GiB/1h, 500MiB/30m) or off").transform(
    (budget) => budget ?? fallback,
  );

const byteSize = parsedWith(
  parseByteSize,
  "must be a number of bytes above 0, optionally with KiB, MiB or GiB (100MiB)",
);

export const fileSettings = {
  /** Deprecated: the older name of MAX_FILE_COUNT (lib/notes/policy-settings.ts). */
  FILES_MAX_COUNT: optional(wholeNumber(1, 1000)),
  /** The largest file, in bytes (or with KiB/MiB/GiB). */
  FILE_MAX_BYTES: byteSize.transform((bytes) => bytes ?? 100 * MiB),
  /** All files of one note together. */
  FILES_MAX_TOTAL_BYTES: byteSize.transform((bytes) => bytes ?? 500 * MiB),
  /** The largest file of a note created without an API key; unset: FILE_MAX_BYTES. */
  KEYLESS_FILE_MAX_BYTES: byteSize,
  /** All files of a note created without an API key; unset: FILES_MAX_TOTAL_BYTES. */
  KEYLESS_FILES_MAX_TOTAL_BYTES: byteSize,
  /** A note whose files are not all uploaded within this long is deleted by cleanup. */
  UPLOAD_EXPIRY: parsedWith(parseDuration, "must be seconds (60 to 2592000) or 30m, 1h, 1d").transform(
    (seconds) => seconds ?? 3600,
  ),
  /** How long the download links a read hands out stay valid, in seconds. */
  FILE_GRANT_SECONDS: wholeNumber(10, 86_400).default(900),
  /** Bytes of files that creates and answers without an API key may declare, per client address. */
  FILE_BUDGET_PER_ADDRESS: byteBudget({ bytes: GiB, windowMs: 3_600_000 }),
  /** Bytes of files that creates with a valid API key may declare, per key. */
  FILE_BUDGET_PER_KEY: byteBudget({ bytes: 10 * GiB, windowMs: 3_600_000 }),
  /** Declared bytes of all files held at once; past it new files are refused (unset: no cap). */
  FILES_STORAGE_CAP: byteSize,
  /** Where file chunks are stored: postgres (the database, the default) or s3. */
  FILE_STORAGE: z.enum(["postgres", "s3"], { error: "must be postgres or s3" }).default("postgres"),
  /** FILE_STORAGE=s3: where in which bucket (lib/files/s3-settings.ts). */
  ...s3SettingFields,
};

/** A refinement of the whole settings: s3 storage needs its bucket. */
export const s3SettingsComplete: [
  (settings: { FILE_STORAGE: string; S3_BUCKET?: string }) => boolean,
  { path: string[]; error: string },
] = [
  (settings) => settings.FILE_STORAGE !== "s3" || settings.S3_BUCKET !== undefined,
  { path: ["S3_BUCKET"], error: "must be set with FILE_STORAGE=s3" },
];
