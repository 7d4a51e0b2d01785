import { getLocale, getTranslations } from "next-intl/server";
import type { listAdminActions } from "@/lib/admin/list-admin-actions";
import { DataTable, type Column } from "./data-table";
import { formatTime } from "./format-time";

type Entries = Awaited<ReturnType<typeof listAdminActions>>;

const describe = (details: unknown) =>
  details && typeof details === "object"
    ? Object.entries(details)
        .map(([name, value]) => `${name}: ${String(value)}`)
        .join(", ")
    : "";

type Texts = Awaited<ReturnType<typeof getTranslations<"admin.audit">>>;

const columns = (t: Texts, locale: string): Column<Entries[number]>[] => [
  { label: t("columnTime"), cell: (entry) => formatTime(entry.at, locale) },
  { label: t("columnAction"), cell: (entry) => t(`actions.${entry.action}`) },
  { label: t("columnClient"), mono: true, cell: (entry) => entry.client ?? "—" },
  { label: t("columnSubject"), mono: true, cell: (entry) => entry.subject ?? "—" },
  { label: t("columnDetails"), cell: (entry) => describe(entry.details) },
  { label: t("columnActor"), cell: (entry) => entry.actor ?? t("adminSecret") },
];

export async function AuditTable({ entries }: { entries: Entries }) {
  const [t, locale] = await Promise.all([getTranslations("admin.audit"), getLocale()]);
  if (entries.length === 0) return <p>{t("none")}</p>;
  return (
    <DataTable
      label={t("tableLabel")}
      columns={columns(t, locale)}
      rows={entries}
      rowKey={(entry) => String(entry.id)}
      rowData={(entry) => ({ "data-action": entry.action, "data-actor": entry.actor ?? "" })}
    />
  );
}
