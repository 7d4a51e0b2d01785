"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { adminRequest } from "../admin/admin-request";
import { ConfirmButton } from "../admin/confirm-button";

/** Deletes one of the person's targets, with its messages not yet sent. */
export function DeleteTargetButton({ id, format, host }: { id: string; format: string; host: string }) {
  const router = useRouter();
  const t = useTranslations("targets");
  const failureMessage = useFailureMessage();
  async function remove() {
    const result = await adminRequest(`/me/api/webhooks/${id}`, { method: "DELETE" });
    if (!result.ok) return failureMessage(result);
    router.refresh();
    return null;
  }
  return (
    <ConfirmButton
      question={t("deleteQuestion", { format, host })}
      confirmLabel={t("deleteConfirm")}
      onConfirm={remove}
    >
      {t("delete")}
    </ConfirmButton>
  );
}
