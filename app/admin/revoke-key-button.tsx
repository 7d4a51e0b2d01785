"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { adminRequest } from "./admin-request";
import { ConfirmButton } from "./confirm-button";
import { useIssuedKey } from "./issued-key";

/** Revokes the key at `endpoint` (the admin page's revoke route, or /me's for a person's own key). */
export function RevokeKeyButton({ id, label, endpoint }: { id: string; label: string; endpoint: string }) {
  const router = useRouter();
  const t = useTranslations("admin.keys");
  const failureMessage = useFailureMessage();
  const { issued, show } = useIssuedKey();
  async function revoke() {
    const result = await adminRequest(endpoint);
    if (!result.ok) return failureMessage(result);
    if (issued?.id === id) show(null);
    router.refresh();
    return null;
  }
  return (
    <ConfirmButton
      question={t("revokeQuestion", { label })}
      confirmLabel={t("revokeConfirm")}
      onConfirm={revoke}
    >
      {t("revoke")}
    </ConfirmButton>
  );
}
