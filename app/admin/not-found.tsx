import { getTranslations } from "next-intl/server";
import styles from "./admin.module.css";

// Shown when /admin calls notFound(), which it does only while ADMIN_SECRET is unset. (Unknown paths
// under /admin get the site's ordinary 404.)
export default async function AdminDisabled() {
  const t = await getTranslations("admin");
  return (
    <div className={styles.page}>
      <h1>{t("heading")}</h1>
      <p className={styles.card}>{t.rich("disabled", { code: (text) => <code>{text}</code> })}</p>
    </div>
  );
}
