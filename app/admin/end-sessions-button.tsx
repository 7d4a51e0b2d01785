"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { adminRequest } from "./admin-request";
import { ConfirmButton } from "./confirm-button";

export function EndSessionsButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const t = useTranslations("admin.people");
  const failureMessage = useFailureMessage();
  async function endSessions() {
    const result = await adminRequest(`/admin/api/people/${encodeURIComponent(id)}/sessions`, {
      method: "DELETE",
    });
    if (!result.ok) return failureMessage(result);
    router.refresh();
    return null;
  }
  return (
    <ConfirmButton
      question={t("endQuestion", { name })}
      confirmLabel={t("endConfirm")}
      onConfirm={endSessions}
    >
      {t("end")}
    </ConfirmButton>
  );
}
