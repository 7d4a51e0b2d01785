import "server-only";
import { ApiError } from "../http/api-error";
import type { HeaderLookup } from "../http/api-request";
import { authenticateRequest } from "../keys/authenticate-request";
import { personIdOfSession } from "./person-sessions";
import { providerConfigured } from "./provider-settings";
import { cookieValue, sessionCookieName } from "./session-cookie";

// Notes and requests for members only (`sign_in_required`): opened only by a person signed in
// through the provider, or a program holding one of their personal API keys (a key acts as its
// person). The session or key is looked up only for what needs it, after the note or request has been
// found, so every other read costs what it did before.

/** Whether the request's caller is a person; asked at most once, and only when needed. */
export type SignedIn = () => Promise<boolean>;

export function signedInOf(headers: HeaderLookup): SignedIn {
  let answer: Promise<boolean> | undefined;
  return () => (answer ??= hasSession(headers));
}

/** A personal key (from /me) or a live session; an admin-issued key is nobody; a bad key is bad_api_key. */
async function hasSession(headers: HeaderLookup): Promise<boolean> {
  if (!providerConfigured()) return false;
  const key = await authenticateRequest(headers);
  if (key) return key.personId !== null;
  const token = cookieValue(headers, sessionCookieName);
  return token !== undefined && (await personIdOfSession(token)) !== null;
}

/** The refusal of an anonymous caller: 401 sign_in_required. */
export function signInRequired(what: "note" | "request"): ApiError {
  return new ApiError(
    "sign_in_required",
    `This ${what} opens only for people signed in: sign in at /auth/sign-in, or send a personal API key from /me as X-API-Key, and try again. Nothing was spent.`,
  );
}

/** Refuses an anonymous caller of what `required` says is for members only. */
export async function assertSignedIn(
  required: boolean,
  signedIn: SignedIn,
  what: "note" | "request",
): Promise<void> {
  if (required && !(await signedIn())) throw signInRequired(what);
}

/** A create asking for `sign_in_required: true` on a server where nobody can sign in. */
export function assertSignInAvailable(requested: boolean | undefined): void {
  if (requested === true && !providerConfigured()) {
    throw new ApiError(
      "sign_in_unavailable",
      "sign_in_required needs people to sign in, and this server has no identity provider configured.",
    );
  }
}
