import { z } from "zod";

// The answer of GET /api/v1/health; lib/health/check-health.ts builds it, lib/openapi documents it.
const status = z.enum(["ok", "unavailable"]);

export const healthReportSchema = z.strictObject({
  status: status.describe("ok only when every check is ok"),
  checks: z.record(
    z.string(),
    z.strictObject({ status, duration_ms: z.int().min(0).describe("how long the check took") }),
  ),
});

export type HealthReport = z.infer<typeof healthReportSchema>;
export type CheckResult = HealthReport["checks"][string];
