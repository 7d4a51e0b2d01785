import { z } from "zod";
import { env } from "../env";
import { maxNotifyEmailLength } from "./notify-policy";

// The `notify_email` field of creates (notes and requests). Without SMTP_URL it is refused, whatever
// it holds, with a code of its own: the instance sends no email. An address is trimmed, and must be
// one mailbox (no name, no list) of at most 254 characters, the longest a mail server takes.

export const notifyEmailSchema = z
  .string({ error: "must be a string" })
  .refine(() => env.SMTP_URL !== undefined, {
    message: "is not accepted: this instance sends no email (SMTP_URL is not set)",
    params: { code: "notifications_unavailable" },
    abort: true,
  })
  .transform((value) => value.trim())
  .pipe(
    z
      .email({ error: "must be one email address, such as name@example.com" })
      .max(maxNotifyEmailLength, `must be at most ${maxNotifyEmailLength} characters`),
  )
  .optional()
  .describe("an address that gets one email at each event (docs/notifications.md); only with SMTP_URL set");
