// Dates and times in the page's language, with Intl. In the browser they are in the reader's own time
// zone, which is why the client components format them here rather than with next-intl's formatter:
// its time zone is the one the server rendered with.

/** A moment (Unix seconds) as a date and a time to the second: "Nov 23, 2026, 4:05:09 PM", "23.11.2026, 16:05:09". */
export function formatDateTime(seconds: number, locale: string): string {
  return new Date(seconds * 1000).toLocaleString(locale, { dateStyle: "medium", timeStyle: "medium" });
}

type Unit = "day" | "hour" | "minute" | "second";

/**
 * A duration as its largest units, down to minutes when it is days long, else to seconds: "2 d 3 h
 * 5 min", "2 Tg., 3 Std. und 5 Min.". Each unit is worded by `unitText` (the catalog's short form,
 * the number formatted by Intl) and Intl joins them as the language lists units (Intl.DurationFormat
 * would do both, but the pages are also rendered by Node 20, which has none).
 */
export function formatDuration(
  seconds: number,
  locale: string,
  unitText: (unit: Unit, count: number) => string,
): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const secs = seconds % 60;
  let parts: [Unit, number][] = [
    ["minute", minutes],
    ["second", secs],
  ];
  if (days > 0) {
    parts = [
      ["day", days],
      ["hour", hours],
      ["minute", minutes],
    ];
  } else if (hours > 0) parts = [["hour", hours], ...parts];
  const texts = parts.map(([unit, count]) => unitText(unit, count));
  return new Intl.ListFormat(locale, { style: "narrow", type: "unit" }).format(texts);
}
