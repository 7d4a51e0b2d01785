import type { listApiKeys, ApiKeySort, ApiKeyStatus } from "@/lib/keys/list-api-keys";
import styles from "./admin.module.css";
import { DataTable, type Column } from "./data-table";
import { formatTime } from "./format-time";
import { RevokeKeyButton } from "./revoke-key-button";

type Keys = Awaited<ReturnType<typeof listApiKeys>>;

const statusLabels: Record<ApiKeyStatus, string> = { all: "All", active: "Active", revoked: "Revoked" };
const sortLabels: Record<ApiKeySort, string> = {
  created: "Newest first",
  label: "Label A–Z",
  last_used: "Recently used",
  notes: "Most notes",
};

const columns: Column<Keys[number]>[] = [
  { label: "Label", cell: (key) => key.label },
  { label: "Prefix", mono: true, cell: (key) => `${key.prefix}…` },
  { label: "Created", cell: (key) => formatTime(key.createdAt) },
  { label: "Last used", cell: (key) => formatTime(key.lastUsedAt) },
  { label: "Notes created", cell: (key) => key.notesCreated },
  { label: "Active notes", cell: (key) => key.activeNotes },
  { label: "Revoked", cell: (key) => (key.revokedAt ? formatTime(key.revokedAt) : "—") },
  {
    label: "Actions",
    hideLabel: true,
    cell: (key) => !key.revokedAt && <RevokeKeyButton id={key.id} label={key.label} />,
  },
];

/** The key list, with its filter and order as a plain GET form (they live in the query string). */
export function KeysTable(props: { keys: Keys; status: ApiKeyStatus; sort: ApiKeySort }) {
  return (
    <div className={styles.stack}>
      <form method="get" action="/admin" className={styles.row} aria-label="Filter and sort keys">
        <label className={styles.field}>
          Status
          <select name="status" defaultValue={props.status}>
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Sort by
          <select name="sort" defaultValue={props.sort}>
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Apply</button>
      </form>
      {props.keys.length === 0 ? (
        <p>No keys match.</p>
      ) : (
        <DataTable
          label="API keys"
          columns={columns}
          rows={props.keys}
          rowKey={(key) => key.id}
          rowHeader
          rowData={(key) => ({ "data-key-id": key.id })}
        />
      )}
    </div>
  );
}
