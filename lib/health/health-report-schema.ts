import { z } from "zod";

// The answer of GET /api/v1/health; lib/health/check-health.ts builds it, lib/openapi documents it.
const status = z.enum(["ok", "unavailable"]);

export const healthReportSchema = z.strictObject({
  status: z
    .enum(["ok", "degraded", "unavailable"])
    .describe(
      "ok: every check is ok (200). degraded: only the rate-limit store is down; the API still " +
        "answers, without limits (200). unavailable: the database is down (503).",
    ),
  version: z.string().describe("the release this server runs (semantic version), as package.json states it"),
  checks: z.record(
    z.string(),
    z.strictObject({
      status,
      duration_ms: z.int().min(0).describe("how long the check took"),
      backend: z.enum(["upstash", "memory"]).optional().describe("rate_limit only: where counts live"),
    }),
  ),
});

export type HealthReport = z.infer<typeof healthReportSchema>;
export type CheckResult = HealthReport["checks"][string];
