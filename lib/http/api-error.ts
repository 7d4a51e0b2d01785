// Every error the API can answer with: its codes (a closed list clients may rely on) and their
// statuses, in one table.
export const errorStatus = {
  bad_json: 400,
  empty_content: 400,
  empty_page: 400,
  bad_pages: 400,
  bad_ttl: 400,
  bad_burn_after: 400,
  password_required: 400,
  bad_content_type: 400,
  bad_envelope: 400,
  bad_recipients: 400,
  bad_notify_email: 400,
  notifications_unavailable: 400,
  no_verified_email: 400,
  bad_webhook: 400,
  bad_query: 400,
  bad_title: 400,
  bad_instructions: 400,
  bad_answers: 400,
  bad_public_key: 400,
  bad_owner_proof: 400,
  unknown_field: 400,
  duplicate_key: 400,
  bad_idempotency_key: 400,
  bad_files: 400,
  bad_file_name: 400,
  bad_chunk_size: 400,
  chunk_digest_mismatch: 400,
  bad_return_to: 400,
  bad_sign_in_state: 400,
  sign_in_failed: 400,
  sign_in_unavailable: 400,
  bad_password: 401,
  bad_api_key: 401,
  api_key_required: 401,
  bad_admin_secret: 401,
  admin_session_required: 401,
  sign_in_required: 401,
  cross_site_request: 403,
  bad_key_proof: 403,
  sign_in_denied: 403,
  wrong_owner_proof: 403,
  bad_upload_token: 403,
  files_not_allowed: 403,
  bad_cron_secret: 401,
  not_found: 404,
  method_not_allowed: 405,
  request_closed: 409,
  files_incomplete: 409,
  chunk_exists: 409,
  chunk_in_progress: 409,
  chunk_out_of_order: 409,
  upload_closed: 409,
  too_large: 413,
  too_many_files: 413,
  file_too_large: 413,
  files_too_large: 413,
  chunk_too_large: 413,
  idempotency_conflict: 422,
  rate_limited: 429,
  file_budget_exceeded: 429,
  internal_error: 500,
  note_unreadable: 500,
  provider_unavailable: 502,
  id_generation_failed: 503,
  key_generation_failed: 503,
  unavailable: 503,
  outcome_unknown: 503,
  storage_full: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(
    code: ErrorCode,
    message: string,
    /** the answer's Retry-After, for a refusal that passes by itself after that many seconds */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = errorStatus[code];
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorStatus, value);
}

/** What any path under /api/v1 that is not a route answers: a JSON 404 like an unknown note's. */
export function unknownApiRouteError(): ApiError {
  return new ApiError("not_found", "No such API route.");
}
