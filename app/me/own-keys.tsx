import { getLocale, getTranslations } from "next-intl/server";
import type { ApiKeyRow } from "@/lib/keys/api-key-sql";
import { formatTime } from "../admin/format-time";
import { IssueKeyForm } from "../admin/issue-key-form";
import { IssuedKeyProvider } from "../admin/issued-key";
import { RevokeKeyButton } from "../admin/revoke-key-button";

/** The person's API keys: issue one (shown once), list them, revoke one; the admin page's forms. */
export async function OwnKeys({ keys }: { keys: ApiKeyRow[] }) {
  const [t, admin, locale] = await Promise.all([
    getTranslations("me"),
    getTranslations("admin"),
    getLocale(),
  ]);
  return (
    <IssuedKeyProvider>
      <p className="hint">{t("keysHint")}</p>
      <IssueKeyForm endpoint="/me/api/keys" />
      {keys.length > 0 && (
        <table className="log-table" aria-label={t("keysHeading")}>
          <thead>
            <tr>
              <th scope="col">{admin("keys.columnLabel")}</th>
              <th scope="col">{admin("keys.columnCreated")}</th>
              <th scope="col">{admin("keys.columnLastUsed")}</th>
              <th scope="col">{admin("keys.columnRevoked")}</th>
              <th scope="col">
                <span className="sr-only">{admin("keys.columnActions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} data-key={key.prefix}>
                <td data-label={admin("keys.columnLabel")}>{key.label}</td>
                <td data-label={admin("keys.columnCreated")}>{formatTime(key.createdAt, locale)}</td>
                <td data-label={admin("keys.columnLastUsed")}>
                  {key.lastUsedAt ? formatTime(key.lastUsedAt, locale) : admin("never")}
                </td>
                <td data-label={admin("keys.columnRevoked")}>
                  {key.revokedAt ? formatTime(key.revokedAt, locale) : "—"}
                </td>
                <td>
                  {!key.revokedAt && (
                    <RevokeKeyButton
                      id={key.id}
                      label={key.label}
                      endpoint={`/me/api/keys/${key.id}/revoke`}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </IssuedKeyProvider>
  );
}
