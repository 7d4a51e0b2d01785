import type { z } from "zod";
import type { ErrorCode } from "../http/api-error";
import { maxBodyBytes } from "../http/read-json-body";
import type { CallerKind, RouteAccess } from "../routes/route-access";

// What a public API route declares about each method it serves (lib/routes), for the OpenAPI
// document: its body, its answers with their schemas, headers and error codes; and the answers that
// many routes share.

export type HeaderName =
  "location" | "retry-after" | "rate-limit" | "cache-control" | "upload-offset" | "content-disposition";

export type ApiResponse = {
  readonly description: string;
  /** a success body; error answers use the error shape with `codes` */
  readonly schema?: z.ZodType;
  readonly codes?: readonly ErrorCode[];
  readonly headers?: readonly HeaderName[];
  /** a success body of raw bytes (application/octet-stream) */
  readonly binary?: boolean;
};

/** A header or query parameter an operation reads. */
export type ApiParameter = {
  readonly name: string;
  readonly in: "header" | "query";
  readonly required: boolean;
  readonly description: string;
};

/** A public operation: its access (enforced from here, lib/routes/route-access.ts) and its documentation. */
export type OpenApiOperation = RouteAccess & {
  readonly auth?: Exclude<
    CallerKind,
    "admin" | "admin-session" | "sign-in" | "sign-in-same-site" | "person-session"
  >;
  readonly summary: string;
  readonly description?: string;
  readonly body?: { readonly schema: z.ZodType; readonly required: boolean };
  /** a body of raw bytes (application/octet-stream), described */
  readonly binaryBody?: string;
  readonly parameters?: readonly ApiParameter[];
  /** takes an Idempotency-Key header (lib/idempotency) */
  readonly idempotent?: boolean;
  readonly responses: Readonly<Record<number, ApiResponse>>;
};

export const badKey: ApiResponse = {
  description: "A key header with an unknown, malformed or revoked key",
  codes: ["bad_api_key"],
};
/** A note or request for members only (sign_in_required), asked for by nobody signed in. */
export const signInRequired: ApiResponse = {
  description:
    "A note or request for members only, without a signed-in session (the notes_session cookie) or a " +
    "personal API key from /me (X-API-Key; bad_api_key when it is not a live key): nothing was spent, " +
    "no password attempt counted",
  codes: ["bad_api_key", "sign_in_required"],
};
export const keyRequired: ApiResponse = {
  description: "No key, or an unknown, malformed or revoked one",
  codes: ["api_key_required", "bad_api_key"],
};
/**
 * A create's 401: a bad key; with CREATE_REQUIRES_KEY, no key; with CREATE_REQUIRES_SIGN_IN, neither a
 * key nor a signed-in person.
 */
export function createRefused(requires: { key: boolean; signIn: boolean }): ApiResponse {
  if (requires.key) return { ...badKey, description: "No key, or a bad key" };
  if (!requires.signIn) return badKey;
  return {
    description: "A bad key, or neither a key nor a signed-in person (CREATE_REQUIRES_SIGN_IN)",
    codes: ["bad_api_key", "sign_in_required"],
  };
}
/** A route that acts for the signed-in person, called with their session cookie from another site. */
export const personCrossSite: ApiResponse = {
  description: "A signed-in person's session cookie, sent from another site's page",
  codes: ["cross_site_request"],
};
export const notFound: ApiResponse = {
  description: "Unknown id, expired or burned note (the same answer for all)",
  codes: ["not_found"],
};
export const tooLarge: ApiResponse = {
  description: `A body over ${maxBodyBytes / 1024 / 1024} MiB`,
  codes: ["too_large"],
};
/** The owner-only routes answer anyone else as if there were nothing there. */
export const notOwnedOrUnknown = (what: string): ApiResponse => ({
  description: `Unknown ${what}, or not the caller's (the same answer for both)`,
  codes: ["not_found"],
});
export const rateLimited: ApiResponse = {
  description: "Too many requests",
  codes: ["rate_limited"],
  headers: ["retry-after"],
};
/** A create or an answer that declares files: also refused by the byte budgets and the storage cap. */
export const filesRefused = {
  429: {
    description:
      "Too many requests; or the declared files are over the file budget of this address (without a " +
      "key: FILE_BUDGET_PER_ADDRESS) or of this API key (FILE_BUDGET_PER_KEY): nothing was stored, " +
      "Retry-After says when they fit",
    codes: ["rate_limited", "file_budget_exceeded"],
    headers: ["retry-after"],
  },
  507: {
    description:
      "The files held reached FILES_STORAGE_CAP: nothing was stored; a note or answer without files is still taken",
    codes: ["storage_full"],
  },
} as const satisfies Record<number, ApiResponse>;
export const unavailable: ApiResponse = {
  description: "The database is not answering, and nothing was done; retry after Retry-After seconds",
  codes: ["unavailable"],
  headers: ["retry-after"],
};
/** What a request that writes answers when the database fails: whether the write may have happened. */
export const unavailableOrUnknown: ApiResponse = {
  description:
    "The database is not answering. unavailable: nothing was done, retry. outcome_unknown: it stopped " +
    "answering after the request was sent, so it may have been done: retry with the same Idempotency-Key " +
    "(where the route takes one) to get its answer",
  codes: ["unavailable", "outcome_unknown"],
  headers: ["retry-after"],
};
