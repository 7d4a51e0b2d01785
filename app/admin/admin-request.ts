import { sendJson, type ApiResult } from "@/lib/browser/call-api";

// How the admin page's client components call the admin API: same-origin JSON requests whose
// failures the page words with useFailureMessage. A session that has ended (expired, signed out in another tab,
// secret changed) sends the page back to its sign-in form.

export async function adminRequest<T = null>(
  path: string,
  options: { method?: "POST" | "DELETE"; body?: unknown } = {},
): Promise<ApiResult<T>> {
  const result = await sendJson<T>(path, options);
  if (!result.ok && result.error === "admin_session_required") {
    window.location.reload();
  }
  return result;
}
