import { createTranslator } from "use-intl/core";
import { catalogs } from "../i18n/catalogs";
import { defaultLocale, isLocale, textDirection } from "../i18n/locales";

// One notification email, in its creator's language, as text and as HTML with the same lines. What
// it may say is listed here and nowhere else: the event, the subject's name (a recipient's label, or
// the first characters of the id), the time, the reader's browser family, the status link and the two
// links that stop emails, and the site's name (SITE_NAME, else its built-in name in the email's
// language). Never the note's text, its link or key, its password, nor a file's name:
// the outbox row this is built from holds none of them.

export type EmailEvent = "read" | "burned" | "expired" | "answered";

export type EmailFacts = {
  event: EmailEvent;
  locale: string;
  /** the note's or request's id: only its first characters are shown */
  subjectId: string;
  /** a recipient's label, when a recipient's link was read */
  recipient: string | null;
  /** Unix seconds */
  at: number;
  browser: string | null;
  statusUrl: string | null;
  turnOffUrl: string;
  optOutUrl: string;
  /** SITE_NAME; unset: the built-in name in the email's language */
  siteName: string | undefined;
};

export type ComposedEmail = { subject: string; text: string; html: string };

/** How many characters of the id name the subject when it has no label. */
const shownIdCharacters = 4;

/** The server knows no reader's time zone: the time is said in UTC, and says so. */
const timeOf = (seconds: number, locale: string) =>
  new Date(seconds * 1000).toLocaleString(locale, {
    dateStyle: "medium",
    timeStyle: "long",
    timeZone: "UTC",
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function composeEmail(facts: EmailFacts): ComposedEmail {
  const locale = isLocale(facts.locale) ? facts.locale : defaultLocale;
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "notifyEmail" });
  const name = facts.recipient ? `“${facts.recipient}”` : `${facts.subjectId.slice(0, shownIdCharacters)}…`;
  const subject = t(facts.event, { name });
  // Each line: its text, and where it is a link, the URL it shows.
  const lines: { text: string; url?: string }[] = [
    { text: t("when", { time: timeOf(facts.at, locale) }) },
    ...(facts.recipient ? [{ text: t("recipient", { label: facts.recipient }) }] : []),
    ...(facts.browser ? [{ text: t("reader", { browser: facts.browser }) }] : []),
    ...(facts.statusUrl ? [{ text: t("status", { url: facts.statusUrl }), url: facts.statusUrl }] : []),
  ];
  const site = facts.siteName ?? catalogs[locale].meta.siteName;
  const footer = [
    { text: t("sentBy", { site }) },
    { text: t("never") },
    { text: t("turnOff", { url: facts.turnOffUrl }), url: facts.turnOffUrl },
    { text: t("optOut", { url: facts.optOutUrl }), url: facts.optOutUrl },
  ];
  const text = [subject, "", ...lines.map((line) => line.text), "", "--", ...footer.map((line) => line.text)];
  const htmlLine = ({ text: lineText, url }: { text: string; url?: string }) => {
    const escaped = escapeHtml(lineText);
    if (!url) return escaped;
    const href = escapeHtml(url);
    return escaped.replace(href, `<a href="${href}">${href}</a>`);
  };
  const html =
    `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><body>` +
    `<p><strong>${escapeHtml(subject)}</strong></p>` +
    `<p>${lines.map(htmlLine).join("<br>")}</p>` +
    `<hr><p style="color:#666;font-size:small">${footer.map(htmlLine).join("<br>")}</p>` +
    "</body></html>";
  return { subject, text: `${text.join("\n")}\n`, html };
}
