import { authorizeCronRequest } from "@/lib/cron/authorize-cron-request";
import { toCleanupResponse } from "@/lib/cron/cleanup-response";
import { apiRoute } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/other-methods";
import { jsonResponse } from "@/lib/http/respond";
import { purgeExpiredShares } from "@/lib/shares/purge-expired-shares";

// GET /api/v1/cron/cleanup: a platform cron job purges expired and burned notes
export const GET = apiRoute("GET /api/v1/cron/cleanup", async (request) => {
  authorizeCronRequest(request.headers);
  const purged = await purgeExpiredShares();
  return jsonResponse(toCleanupResponse(purged), { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
