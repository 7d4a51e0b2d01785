import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "../env";
import { ApiError, unknownApiRouteError } from "../http/api-error";

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * Platform cron jobs (Vercel's among them) call with `Authorization: Bearer <CRON_SECRET>`. Without
 * a configured secret the cron routes do not exist (404, like any unknown route); with one, any
 * other Authorization is 401 bad_cron_secret. Hashes are compared, in constant time.
 */
export function authorizeCronRequest(headers: Headers): void {
  if (!env.CRON_SECRET) throw unknownApiRouteError();
  const presented =
    headers
      .get("authorization")
      ?.match(/^Bearer\s+(.*)$/i)?.[1]
      ?.trim() ?? "";
  if (!timingSafeEqual(sha256(presented), sha256(env.CRON_SECRET))) {
    throw new ApiError("bad_cron_secret", "This route is for the platform's cron job: the secret is wrong.");
  }
}
