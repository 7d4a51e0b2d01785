import type { HeaderLookup } from "../http/api-request";
import { secretMatches } from "../crypto/secret-hash";
import { env } from "../env";
import { ApiError, unknownApiRouteError } from "../http/api-error";
import { bearerToken } from "../http/bearer-token";

/**
 * Platform cron jobs (Vercel's among them) call with `Authorization: Bearer <CRON_SECRET>`. Without
 * a configured secret the cron routes do not exist (404, like any unknown route); with one, any
 * other Authorization is 401 bad_cron_secret.
 */
export function authorizeCronRequest(headers: HeaderLookup): void {
  if (!env.CRON_SECRET) throw unknownApiRouteError();
  if (!secretMatches(bearerToken(headers) ?? "", env.CRON_SECRET)) {
    throw new ApiError("bad_cron_secret", "This route is for the platform's cron job: the secret is wrong.");
  }
}
