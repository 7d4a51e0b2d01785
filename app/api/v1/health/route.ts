import { checkHealth } from "@/lib/health/check-health";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/respond";

// GET /api/v1/health: whether the service and its dependencies can serve (200) or not (503)
export const GET = apiRoute("GET /api/v1/health", async () => {
  const report = await checkHealth();
  return jsonResponse(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
});
