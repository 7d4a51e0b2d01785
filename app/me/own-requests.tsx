import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDateTime } from "@/lib/i18n/format-date-time";
import type { OwnRequest } from "@/lib/people/list-own-things";
import { PageLinks, type PagePlace } from "./page-links";

/**
 * The person's requests. Their answers are sealed to the key in the private link, which the server
 * never holds: each opens on the request's own page, with that link or the key this browser keeps.
 */
export async function OwnRequests({ page }: { page: PagePlace & { requests: OwnRequest[] } }) {
  const { requests } = page;
  const t = await getTranslations("me");
  const locale = await getLocale();
  const at = (date: Date) => formatDateTime(date.getTime() / 1000, locale);
  if (requests.length === 0 && !page.older) return <p>{t("noRequests")}</p>;
  return (
    <>
      <p className="hint">{t("answersHint")}</p>
      <table className="log-table" aria-label={t("requestsHeading")}>
        <thead>
          <tr>
            <th scope="col">{t("request")}</th>
            <th scope="col">{t("status")}</th>
            <th scope="col">{t("answers")}</th>
            <th scope="col">{t("expires")}</th>
            <th scope="col">{t("created")}</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id} data-request={request.id}>
              <td data-label={t("request")}>
                <Link href={`/requests/${request.id}`}>{request.title}</Link>
              </td>
              <td data-label={t("status")}>{t(`requestStatuses.${request.status}`)}</td>
              <td data-label={t("answers")}>{`${request.answer_count} / ${request.max_answers}`}</td>
              <td data-label={t("expires")}>{at(request.expires_at)}</td>
              <td data-label={t("created")}>{at(request.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PageLinks place={page} list="requests" />
    </>
  );
}
