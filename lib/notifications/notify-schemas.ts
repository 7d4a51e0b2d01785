import { z } from "zod";
import { env } from "../env";
import { maxNotifyEmailLength } from "./notify-policy";

// The `notify_email` and `notify_me` fields of creates (notes and requests). Without SMTP_URL it is refused, whatever
// it holds, with a code of its own: the instance sends no email. An address is trimmed, and must be
// one mailbox (no name, no list) of at most 254 characters, the longest a mail server takes.

const sendsEmail = {
  message: "is not accepted: this instance sends no email (SMTP_URL is not set)",
  params: { code: "notifications_unavailable" },
  abort: true,
};

export const notifyEmailSchema = z
  .string({ error: "must be a string" })
  .refine(() => env.SMTP_URL !== undefined, sendsEmail)
  .transform((value) => value.trim())
  .pipe(
    z
      .email({ error: "must be one email address, such as name@example.com" })
      .max(maxNotifyEmailLength, `must be at most ${maxNotifyEmailLength} characters`),
  )
  .optional()
  .describe("an address that gets one email at each event (docs/notifications.md); only with SMTP_URL set");

// `notify_me` asks for emails to the acting person's verified address (lib/notifications/notify-request.ts):
// the address is the one their provider gave at sign-in, never one the client sends.
export const notifyMeSchema = z
  .boolean({ error: "must be true or false" })
  .refine(() => env.SMTP_URL !== undefined, sendsEmail)
  .optional()
  .describe(
    "true: the signed-in person (session or personal API key) gets the emails at the address their " +
      "identity provider verified (no_verified_email otherwise); not with notify_email; only with SMTP_URL set",
  );
