import { z } from "zod";
import { env } from "../env";
import { notePolicy } from "./note-policy";

// The create body's parts that the instance policies shape (lib/notes/policy-settings.ts): their
// limits and descriptions follow the server's settings, and so does the OpenAPI document.

/** The highest read limit: the server's MAX_BURN_AFTER, else the service's own. */
const maxBurnAfter = env.MAX_BURN_AFTER ?? notePolicy.maxBurnAfter;

export const burnAfterField = z
  .int({ error: "must be an integer or null" })
  .min(notePolicy.minBurnAfter, `must be at least ${notePolicy.minBurnAfter}`)
  .max(
    maxBurnAfter,
    `must be at most ${maxBurnAfter}${env.MAX_BURN_AFTER ? " (this server's MAX_BURN_AFTER)" : ""}`,
  )
  .nullable()
  .optional()
  .describe(
    env.MAX_BURN_AFTER
      ? `successful reads before the note is destroyed; this server's cap (MAX_BURN_AFTER), also given to a note sent without one: ${maxBurnAfter}`
      : "successful reads before the note is destroyed; null or absent: no limit",
  );

export const passwordDescription = env.REQUIRE_PASSWORD
  ? "required on this server (REQUIRE_PASSWORD): without one, 400 password_required"
  : "readers must send it to read the note";

/** REQUIRE_PASSWORD's refusal of a body without a password (missing or empty); null when it passes. */
export function passwordRequiredIssue(body: { password?: string }) {
  if (!env.REQUIRE_PASSWORD || body.password) return null;
  return {
    code: "custom" as const,
    input: body,
    path: ["password"],
    message: "is required: this server accepts only notes with a password",
    params: { code: "password_required" },
  };
}
