import { z } from "zod";
import { optional, wholeNumber } from "../setting-schemas";
import { notePolicy } from "./note-policy";

// The instance's policies on what a note must or may hold (docs/configuration.md, "Instance
// policies"), gathered into lib/env.ts's schema. Kept free of other imports of the service:
// lib/env.ts parses with it.

const readLimit = wholeNumber(notePolicy.minBurnAfter, notePolicy.maxBurnAfter);

export const policySettings = {
  /** 1: every note needs a password (else 400 password_required). Requests are sealed to their asker's key. */
  REQUIRE_PASSWORD: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  /** The highest `burn_after` a note may have; a note sent without one gets this limit. Unset: 1000. */
  MAX_BURN_AFTER: optional(readLimit),
  /** The create page's preselected read limit; unset: none. The API's default stays "no limit". */
  DEFAULT_BURN_AFTER: optional(readLimit),
  /** Files one note may carry at most (FILES_MAX_COUNT is its older name); unset: 10. */
  MAX_FILE_COUNT: optional(wholeNumber(1, 1000)),
};

type PolicyFields = {
  MAX_BURN_AFTER?: number;
  DEFAULT_BURN_AFTER?: number;
  MAX_FILE_COUNT?: number;
  FILES_MAX_COUNT?: number;
};

/** A refinement of the whole settings: the preselected read limit is one the API accepts. */
export const defaultBurnAfterWithinMax: [
  (settings: PolicyFields) => boolean,
  { path: string[]; error: string },
] = [
  (settings) =>
    settings.DEFAULT_BURN_AFTER === undefined ||
    settings.MAX_BURN_AFTER === undefined ||
    settings.DEFAULT_BURN_AFTER <= settings.MAX_BURN_AFTER,
  { path: ["DEFAULT_BURN_AFTER"], error: "must not be above MAX_BURN_AFTER" },
];

/** A refinement of the whole settings: the old and new names of the file count never disagree. */
export const fileCountNamesAgree: [(settings: PolicyFields) => boolean, { path: string[]; error: string }] = [
  (settings) =>
    settings.MAX_FILE_COUNT === undefined ||
    settings.FILES_MAX_COUNT === undefined ||
    settings.MAX_FILE_COUNT === settings.FILES_MAX_COUNT,
  {
    path: ["FILES_MAX_COUNT"],
    error: "is the older name of MAX_FILE_COUNT: set one, or both to the same value",
  },
];

/** MAX_FILE_COUNT, else its older name FILES_MAX_COUNT, else 10. */
export const maxFileCount = (settings: PolicyFields): number =>
  settings.MAX_FILE_COUNT ?? settings.FILES_MAX_COUNT ?? 10;
