"use client";

import { useRouter } from "next/navigation";
import { adminRequest } from "./admin-request";
import { ConfirmButton } from "./confirm-button";

export function RevokeKeyButton({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  async function revoke() {
    const result = await adminRequest(`/admin/api/keys/${id}/revoke`);
    if (!result.ok) return result.message;
    router.refresh();
    return null;
  }
  return (
    <ConfirmButton question={`Revoke "${label}"?`} confirmLabel="Revoke key" onConfirm={revoke}>
      Revoke…
    </ConfirmButton>
  );
}
