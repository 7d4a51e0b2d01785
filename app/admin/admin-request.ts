// How the admin page's client components call the admin API: same-origin JSON requests, whose
// failures become a sentence to show. A session that has ended (expired, signed out in another tab,
// secret changed) sends the page back to its sign-in form.

export type AdminResult<T> = { ok: true; data: T } | { ok: false; message: string };

export async function adminRequest<T = null>(
  path: string,
  options: { method?: "POST" | "DELETE"; body?: unknown } = {},
): Promise<AdminResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "POST",
      headers: { "content-type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    return { ok: false, message: "The server could not be reached; please retry." };
  }
  const json = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
  if (response.ok) return { ok: true, data: json as T };
  if (json?.error === "admin_session_required") {
    window.location.reload();
    return { ok: false, message: "Your session has ended: sign in again." };
  }
  const message =
    typeof json?.message === "string" ? json.message : `The server answered ${response.status}.`;
  return { ok: false, message };
}
