import { checkHealth } from "@/lib/health/check-health";
import { apiRoute } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/other-methods";
import { jsonResponse } from "@/lib/http/respond";

// GET /api/v1/health: whether the service can serve (200, maybe degraded) or not (503)
export const GET = apiRoute("GET /api/v1/health", async () => {
  const report = await checkHealth();
  return jsonResponse(report, {
    status: report.status === "unavailable" ? 503 : 200,
    headers: { "cache-control": "no-store" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
