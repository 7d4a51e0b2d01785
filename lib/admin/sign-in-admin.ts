import "server-only";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import type { RequestLimits } from "../rate-limit/request-limits";
import { secretMatches } from "../crypto/secret-hash";
import { createSessionToken } from "./admin-session";
import { sessionLifetimeSeconds } from "./admin-access";
import { recordAdminAction } from "./record-admin-action";

/**
 * Signs an administrator in: every attempt is charged to the client's sign-in limit first, the
 * secret typed is compared in constant time with ADMIN_SECRET, and both outcomes are recorded.
 * Returns the session cookie's value.
 */
export async function signInAdmin(options: {
  secret: string;
  client: string;
  limits: RequestLimits;
}): Promise<string> {
  const expected = env.ADMIN_SECRET;
  if (!expected) throw new ApiError("not_found", "The admin page is disabled.");
  await options.limits.charge("adminSignIn", options.client);
  if (!secretMatches(options.secret, expected)) {
    await recordAdminAction({ action: "sign_in_failed", client: options.client });
    throw new ApiError("bad_admin_secret", "That is not the admin secret.");
  }
  await recordAdminAction({ action: "sign_in", client: options.client });
  return createSessionToken({ secret: expected, now: new Date(), lifetimeSeconds: sessionLifetimeSeconds });
}
