import type { listAdminActions } from "@/lib/admin/list-admin-actions";
import { DataTable, type Column } from "./data-table";
import { formatTime } from "./format-time";

type Entries = Awaited<ReturnType<typeof listAdminActions>>;

const actionLabels: Record<Entries[number]["action"], string> = {
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Signed out",
  key_issued: "Key issued",
  key_revoked: "Key revoked",
  note_deleted: "Note deleted",
  note_reviewed: "Note reviewed",
};

const describe = (details: unknown) =>
  details && typeof details === "object"
    ? Object.entries(details)
        .map(([name, value]) => `${name}: ${String(value)}`)
        .join(", ")
    : "";

const columns: Column<Entries[number]>[] = [
  { label: "Time", cell: (entry) => formatTime(entry.at) },
  { label: "Action", cell: (entry) => actionLabels[entry.action] },
  { label: "Client", mono: true, cell: (entry) => entry.client ?? "—" },
  { label: "Subject", mono: true, cell: (entry) => entry.subject ?? "—" },
  { label: "Details", cell: (entry) => describe(entry.details) },
];

export function AuditTable({ entries }: { entries: Entries }) {
  if (entries.length === 0) return <p>Nothing recorded yet.</p>;
  return (
    <DataTable
      label="Audit log"
      columns={columns}
      rows={entries}
      rowKey={(entry) => String(entry.id)}
      rowData={(entry) => ({ "data-action": entry.action })}
    />
  );
}
