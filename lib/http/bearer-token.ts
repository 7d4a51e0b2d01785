import type { HeaderLookup } from "./api-request";
/** The credential of an `Authorization: Bearer <token>` header; null for no header or another scheme. */
export function bearerToken(headers: HeaderLookup): string | null {
  const match = headers.get("authorization")?.match(/^Bearer\s+(.*)$/i);
  return match ? (match[1] ?? "").trim() : null;
}
