import type { listAdminActions } from "@/lib/admin/list-admin-actions";
import styles from "./admin.module.css";
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

export function AuditTable({ entries }: { entries: Entries }) {
  if (entries.length === 0) return <p>Nothing recorded yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} aria-label="Audit log">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Action</th>
            <th scope="col">Client</th>
            <th scope="col">Subject</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={String(entry.id)} data-action={entry.action}>
              <td>{formatTime(entry.at)}</td>
              <td>{actionLabels[entry.action]}</td>
              <td className={styles.mono}>{entry.client ?? "—"}</td>
              <td className={styles.mono}>{entry.subject ?? "—"}</td>
              <td>{describe(entry.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
