"use client";

import { useRouter } from "next/navigation";
import { adminRequest } from "./admin-request";

export function SignOutButton() {
  const router = useRouter();
  async function signOut() {
    await adminRequest("/admin/api/session", { method: "DELETE" });
    router.refresh();
  }
  return (
    <button type="button" onClick={signOut}>
      Sign out
    </button>
  );
}
