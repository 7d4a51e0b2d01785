import type { listWebhooksForAdmin } from "@/lib/webhooks/list-webhooks-for-admin";
import { DataTable, type Column } from "./data-table";
import { formatTime } from "./format-time";

type Webhooks = Awaited<ReturnType<typeof listWebhooksForAdmin>>;

const columns: Column<Webhooks[number]>[] = [
  { label: "Key", cell: (hook) => `${hook.apiKey.label} (${hook.apiKey.prefix}…)` },
  { label: "URL", mono: true, cell: (hook) => hook.url },
  { label: "Events", cell: (hook) => hook.events.join(", ") },
  { label: "Pending", cell: (hook) => hook.pending },
  { label: "Given up", cell: (hook) => hook.givenUp },
  {
    label: "Recent failures",
    cell: (hook) =>
      hook.deliveries.length === 0
        ? "—"
        : hook.deliveries.map((delivery) => (
            <div key={delivery.id}>
              {formatTime(delivery.createdAt)} {delivery.event}: {delivery.lastError} ({delivery.attempts}{" "}
              {delivery.attempts === 1 ? "attempt" : "attempts"}
              {delivery.failedAt ? ", given up" : ""})
            </div>
          )),
  },
];

/** Each key's webhooks and how their deliveries fare; never a secret or a payload. */
export function WebhooksTable({ webhooks }: { webhooks: Webhooks }) {
  if (webhooks.length === 0) return <p>No webhooks.</p>;
  return (
    <DataTable
      label="Webhooks"
      columns={columns}
      rows={webhooks}
      rowKey={(hook) => hook.id}
      rowData={(hook) => ({ "data-webhook-id": hook.id })}
    />
  );
}
