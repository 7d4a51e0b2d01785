import "server-only";
import nodemailer from "nodemailer";
import { env } from "../env";
import { processSingleton } from "../process/process-singleton";
import type { ComposedEmail } from "./compose-email";

// The one SMTP transport of this process, from SMTP_URL: smtps:// speaks TLS from the start,
// smtp:// upgrades with STARTTLS whenever the server offers it; the user and password of the URL
// authenticate. Each attempt is bounded by WEBHOOK_TIMEOUT_MS like a webhook's.

function transport() {
  return processSingleton("smtp", () =>
    nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: env.WEBHOOK_TIMEOUT_MS,
      greetingTimeout: env.WEBHOOK_TIMEOUT_MS,
      socketTimeout: env.WEBHOOK_TIMEOUT_MS,
    }),
  );
}

/**
 * MAIL_FROM, else notes@ the mail server's host; an address without a display name is given
 * SITE_NAME as one, so that inboxes name the site.
 */
function sender(): string | { name: string; address: string } {
  const from = env.MAIL_FROM ?? `notes@${new URL(env.SMTP_URL ?? "smtp://localhost").hostname}`;
  return from.includes("<") || env.SITE_NAME === undefined ? from : { name: env.SITE_NAME, address: from };
}

type Sent = { delivered: true } | { delivered: false; error: string };

/**
 * Sends one email; says whether the server took it or what went wrong (never the address). Its
 * Message-ID is the delivery's, so a receiver can tell a resent copy from a second email.
 */
export async function sendEmail(options: {
  to: string;
  deliveryId: string;
  email: ComposedEmail;
  headers: Record<string, string>;
}): Promise<Sent> {
  const { to, deliveryId, email, headers } = options;
  try {
    await transport().sendMail({
      from: sender(),
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers,
      messageId: `<${deliveryId}@${new URL(env.PUBLIC_URL ?? "http://localhost").hostname}>`,
    });
    return { delivered: true };
  } catch (error) {
    const code = (error as { code?: unknown; responseCode?: unknown } | undefined) ?? {};
    const detail = [code.code, code.responseCode].filter((part) => part !== undefined).join(" ");
    return { delivered: false, error: `smtp failed${detail ? ` (${detail})` : ""}` };
  }
}
