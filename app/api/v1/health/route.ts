import { checkHealth } from "@/lib/health/check-health";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/health", {
  // GET /api/v1/health: whether the service can serve (200, maybe degraded) or not (503: down, or
  // stopping)
  GET: async () => {
    const report = await checkHealth();
    return jsonResponse(report, {
      status: report.status === "unavailable" || report.status === "draining" ? 503 : 200,
      headers: { "cache-control": "no-store" },
    });
  },
});
