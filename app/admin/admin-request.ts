import { sendJson, type ApiResult } from "@/lib/browser/call-api";

// How the admin page's client components (and /me's, which share its key forms) call their API:
// same-origin JSON requests whose failures the page words with useFailureMessage. A session that has
// ended (expired, signed out in another tab, secret changed) reloads the page, which then offers to
// sign in.

export async function adminRequest<T = null>(
  path: string,
  options: { method?: "POST" | "DELETE"; body?: unknown } = {},
): Promise<ApiResult<T>> {
  const result = await sendJson<T>(path, options);
  if (!result.ok && (result.error === "admin_session_required" || result.error === "sign_in_required")) {
    window.location.reload();
  }
  return result;
}
