import type { ErrorCode } from "../http/api-error";

/** The code of a create body's problem, by the field it is in. */
export function createRequestErrorCode(path: PropertyKey[]): ErrorCode {
  const codes: Record<string, ErrorCode> = {
    title: "bad_title",
    instructions: "bad_instructions",
    answers: "bad_answers",
    ttl: "bad_ttl",
    files_allowed: "bad_files",
    public_key: "bad_public_key",
    owner_proof: "bad_owner_proof",
    notify_email: "bad_notify_email",
    notify_me: "bad_notify_email",
  };
  return codes[String(path[0])] ?? "bad_json";
}
