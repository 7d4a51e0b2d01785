"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatDateTime } from "@/lib/i18n/format-date-time";
import type { NoteEventsResponse } from "@/lib/notes/note-response-schemas";

/**
 * The note's notifications that fail, one alert each: its email (the address masked) and each of
 * its creator's own targets (the service and the host, never the whole URL: the status link may be
 * shared); nothing while they arrive.
 */
export function NotifyFailures({
  emails,
  targets,
}: {
  emails: NoteEventsResponse["notify_email"];
  targets: NoteEventsResponse["notify_targets"];
}) {
  const t = useTranslations("status");
  const locale = useLocale();
  return (
    <>
      {emails && (
        <p className="field-error" role="alert" id="notify-email-failure">
          {t(emails.state === "retrying" ? "emailRetrying" : "emailGaveUp", {
            address: emails.address ?? t("emailAddressGone"),
            since: formatDateTime(emails.since, locale),
            reason: emails.reason,
          })}
        </p>
      )}
      {/* Two targets of one service may share a host (hooks.slack.com): they are told apart by order. */}
      {targets.map((target, index) => (
        <p key={index} className="field-error" role="alert" data-failing-target>
          {t(target.state === "retrying" ? "targetRetrying" : "targetGaveUp", {
            format: target.format,
            host: target.host,
            since: formatDateTime(target.since, locale),
            reason: target.reason,
          })}
        </p>
      ))}
    </>
  );
}
