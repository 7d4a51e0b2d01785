import { adminEnabled } from "@/lib/admin/admin-access";
import styles from "./admin.module.css";

// The admin page's 404: says why when the page is switched off.
export default function AdminNotFound() {
  return (
    <main className={styles.page}>
      <h1>Notes admin</h1>
      {adminEnabled() ? (
        <p>Not found.</p>
      ) : (
        <p className={styles.card}>
          The admin page is disabled. To enable it, set <code>ADMIN_SECRET</code> (at least 16 characters) in
          the server&apos;s environment and restart it.
        </p>
      )}
    </main>
  );
}
