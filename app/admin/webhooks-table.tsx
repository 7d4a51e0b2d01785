import { getLocale, getTranslations } from "next-intl/server";
import type { listWebhooksForAdmin } from "@/lib/webhooks/list-webhooks-for-admin";
import { DataTable, type Column } from "./data-table";
import { formatTime } from "./format-time";

type Webhooks = Awaited<ReturnType<typeof listWebhooksForAdmin>>;

type Texts = Awaited<ReturnType<typeof getTranslations<"admin.webhooks">>>;

const columns = (t: Texts, locale: string): Column<Webhooks[number]>[] => [
  { label: t("columnKey"), cell: (hook) => `${hook.apiKey.label} (${hook.apiKey.prefix}…)` },
  { label: t("columnUrl"), mono: true, cell: (hook) => hook.url },
  { label: t("columnEvents"), cell: (hook) => hook.events.join(", ") },
  { label: t("columnFormat"), cell: (hook) => hook.format },
  { label: t("columnPending"), cell: (hook) => hook.pending },
  { label: t("columnGivenUp"), cell: (hook) => hook.givenUp },
  {
    label: t("columnFailures"),
    cell: (hook) =>
      hook.deliveries.length === 0
        ? "—"
        : hook.deliveries.map((delivery) => (
            <div key={delivery.id}>
              {t("failure", {
                at: formatTime(delivery.createdAt, locale),
                event: delivery.event,
                error: delivery.lastError ?? "",
                attempts: delivery.attempts,
                givenUp: delivery.failedAt ? "true" : "false",
              })}
            </div>
          )),
  },
];

/** Each key's webhooks and how their deliveries fare; never a secret or a payload. */
export async function WebhooksTable({ webhooks }: { webhooks: Webhooks }) {
  const [t, locale] = await Promise.all([getTranslations("admin.webhooks"), getLocale()]);
  if (webhooks.length === 0) return <p>{t("none")}</p>;
  return (
    <DataTable
      label={t("tableLabel")}
      columns={columns(t, locale)}
      rows={webhooks}
      rowKey={(hook) => hook.id}
      rowData={(hook) => ({ "data-webhook-id": hook.id })}
    />
  );
}
