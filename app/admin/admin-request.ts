// How the admin page's client components call the admin API: same-origin JSON requests, whose
// failures become a sentence to show.

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
  const json = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (response.ok) return { ok: true, data: json as T };
  const message =
    typeof json?.message === "string" ? json.message : `The server answered ${response.status}.`;
  return { ok: false, message };
}
