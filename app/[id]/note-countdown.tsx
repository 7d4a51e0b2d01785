"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { formatDateTime, formatDuration } from "@/lib/i18n/format-date-time";

/** "Expires in …", counting down every second; calls onExpired when it reaches zero. */
export function NoteCountdown({
  expiresAt,
  onExpired,
}: {
  expiresAt: number | null;
  onExpired?: () => void;
}) {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  const t = useTranslations("countdown");
  const locale = useLocale();

  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  const left = expiresAt === null ? null : expiresAt - now;
  useEffect(() => {
    if (left !== null && left <= 0) onExpired?.();
  }, [left, onExpired]);

  if (expiresAt === null) return <span>{t("never")}</span>;
  const at = new Date(expiresAt * 1000);
  return (
    <span>
      {t.rich("expiresIn", {
        duration: formatDuration(Math.max(left ?? 0, 0), locale, (unit, count) =>
          t(`units.${unit}`, { count }),
        ),
        time: (duration) => (
          <time
            dateTime={at.toISOString()}
            title={formatDateTime(expiresAt, locale)}
            suppressHydrationWarning
          >
            {duration}
          </time>
        ),
      })}
    </span>
  );
}
