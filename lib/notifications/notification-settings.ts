import { z } from "zod";
import { optional, wholeNumber } from "../setting-schemas";

// The email notifications' settings (lib/notifications), gathered into lib/env.ts's schema. Kept free
// of other imports of the service: lib/env.ts parses with it. Without SMTP_URL nothing about email
// is shown or accepted.

export const notificationSettings = {
  /**
   * The mail server notifications go through: smtp://user:password@host:587 (STARTTLS when the
   * server offers it) or smtps://user:password@host:465 (TLS from the start); unset: no email.
   */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })),
  /** The From of every notification, such as `Notes <notes@example.com>`; unset: notes@ the SMTP host. */
  MAIL_FROM: optional(z.string().min(3)),
  /** Emails one address receives per hour at most; the rest are dropped (and counted as `limited`). */
  NOTIFY_EMAILS_PER_HOUR: wholeNumber(1, 10_000).default(20),
};

/** Emails link back to the site (the status page, the unsubscribe page): they need its address. */
export const smtpNeedsPublicUrl: [
  (settings: { SMTP_URL?: string; PUBLIC_URL?: string }) => boolean,
  { path: string[]; error: string },
] = [
  (settings) => settings.SMTP_URL === undefined || settings.PUBLIC_URL !== undefined,
  { path: ["PUBLIC_URL"], error: "must be set with SMTP_URL (emails link to {PUBLIC_URL}/status/<id>)" },
];
