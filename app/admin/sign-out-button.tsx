"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { adminRequest } from "./admin-request";

export function SignOutButton() {
  const router = useRouter();
  const t = useTranslations("admin.signIn");
  async function signOut() {
    await adminRequest("/admin/api/session", { method: "DELETE" });
    router.refresh();
  }
  return (
    <button type="button" onClick={signOut}>
      {t("signOut")}
    </button>
  );
}
