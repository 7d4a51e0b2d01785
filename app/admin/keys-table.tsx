import type { listApiKeys, ApiKeySort, ApiKeyStatus } from "@/lib/keys/list-api-keys";
import styles from "./admin.module.css";
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
        <div className={styles.scroll}>
          <table className={styles.table} aria-label="API keys">
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Prefix</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Notes created</th>
                <th scope="col">Active notes</th>
                <th scope="col">Revoked</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {props.keys.map((key) => (
                <tr key={key.id} data-key-id={key.id}>
                  <th scope="row">{key.label}</th>
                  <td className={styles.mono}>{key.prefix}…</td>
                  <td>{formatTime(key.createdAt)}</td>
                  <td>{formatTime(key.lastUsedAt)}</td>
                  <td>{key.notesCreated}</td>
                  <td>{key.activeNotes}</td>
                  <td>{key.revokedAt ? formatTime(key.revokedAt) : "—"}</td>
                  <td>{!key.revokedAt && <RevokeKeyButton id={key.id} label={key.label} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
