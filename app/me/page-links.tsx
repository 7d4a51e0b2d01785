import Link from "next/link";
import { getTranslations } from "next-intl/server";

/** Where a list of /me is in its pages: the next page's cursor, and whether this is an older page. */
export type PagePlace = { nextCursor: string | null; older: boolean };

/**
 * Links to the next hundred older of one list of /me (`?notes_after=`, `?requests_after=`), and
 * back to its newest; each keeps the page at the list's heading.
 */
export async function PageLinks({ place, list }: { place: PagePlace; list: "notes" | "requests" }) {
  const t = await getTranslations("me");
  if (!place.nextCursor && !place.older) return null;
  const heading = `#${list}-heading`;
  return (
    <nav aria-label={t(`${list}Pages`)} className="actions">
      {place.older && (
        <Link href={`/me${heading}`}>{t(list === "notes" ? "newestNotes" : "newestRequests")}</Link>
      )}
      {place.nextCursor && (
        <Link href={`/me?${list}_after=${place.nextCursor}${heading}`}>
          {t(list === "notes" ? "olderNotes" : "olderRequests")}
        </Link>
      )}
    </nav>
  );
}
