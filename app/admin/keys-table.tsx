import { getLocale, getTranslations } from "next-intl/server";
import type { listApiKeys, ApiKeySort, ApiKeyStatus } from "@/lib/keys/list-api-keys";
import styles from "./admin.module.css";
import { DataTable, type Column } from "./data-table";
import { formatTime } from "./format-time";
import { RevokeKeyButton } from "./revoke-key-button";

type Keys = Awaited<ReturnType<typeof listApiKeys>>;

const statuses: ApiKeyStatus[] = ["all", "active", "revoked"];
const sorts: ApiKeySort[] = ["created", "label", "last_used", "notes"];
const statusKeys = { all: "statusAll", active: "statusActive", revoked: "statusRevoked" } as const;
const sortKeys = {
  created: "sortCreated",
  label: "sortLabel",
  last_used: "sortLastUsed",
  notes: "sortNotes",
} as const;

type Texts = Awaited<ReturnType<typeof getTranslations<"admin">>>;

const columns = (t: Texts, locale: string): Column<Keys[number]>[] => [
  { label: t("keys.columnLabel"), cell: (key) => key.label },
  { label: t("keys.columnPrefix"), mono: true, cell: (key) => `${key.prefix}…` },
  { label: t("keys.columnOwner"), cell: (key) => key.owner ?? t("keys.adminIssued") },
  { label: t("keys.columnCreated"), cell: (key) => formatTime(key.createdAt, locale) },
  {
    label: t("keys.columnLastUsed"),
    cell: (key) => (key.lastUsedAt ? formatTime(key.lastUsedAt, locale) : t("never")),
  },
  { label: t("keys.columnNotesCreated"), cell: (key) => key.notesCreated },
  { label: t("keys.columnActiveNotes"), cell: (key) => key.activeNotes },
  {
    label: t("keys.columnRevoked"),
    cell: (key) => (key.revokedAt ? formatTime(key.revokedAt, locale) : "—"),
  },
  {
    label: t("keys.columnActions"),
    hideLabel: true,
    cell: (key) =>
      !key.revokedAt && (
        <RevokeKeyButton id={key.id} label={key.label} endpoint={`/admin/api/keys/${key.id}/revoke`} />
      ),
  },
];

/** The key list, with its filter and order as a plain GET form (they live in the query string). */
export async function KeysTable(props: { keys: Keys; status: ApiKeyStatus; sort: ApiKeySort }) {
  const [t, locale] = await Promise.all([getTranslations("admin"), getLocale()]);
  return (
    <div className={styles.stack}>
      <form method="get" action="/admin" className={styles.row} aria-label={t("keys.filterLabel")}>
        <label className={styles.field}>
          {t("keys.status")}
          <select name="status" defaultValue={props.status}>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {t(`keys.${statusKeys[value]}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t("keys.sortBy")}
          <select name="sort" defaultValue={props.sort}>
            {sorts.map((value) => (
              <option key={value} value={value}>
                {t(`keys.${sortKeys[value]}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t("keys.apply")}</button>
      </form>
      {props.keys.length === 0 ? (
        <p>{t("keys.none")}</p>
      ) : (
        <DataTable
          label={t("keys.tableLabel")}
          columns={columns(t, locale)}
          rows={props.keys}
          rowKey={(key) => key.id}
          rowHeader
          rowData={(key) => ({ "data-key-id": key.id })}
        />
      )}
    </div>
  );
}
