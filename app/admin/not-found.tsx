import styles from "./admin.module.css";

// Shown when /admin calls notFound(), which it does only while ADMIN_SECRET is unset. (Unknown paths
// under /admin get the site's ordinary 404.)
export default function AdminDisabled() {
  return (
    <div className={styles.page}>
      <h1>Notes admin</h1>
      <p className={styles.card}>
        The admin page is disabled. To enable it, set <code>ADMIN_SECRET</code> (at least 16 characters) in
        the server&apos;s environment and restart it.
      </p>
    </div>
  );
}
