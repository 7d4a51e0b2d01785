import "server-only";
import { getPrisma } from "../db";
import type { CheckResult, HealthReport } from "./health-report-schema";

// GET /api/v1/health: each dependency is one named check that throws when the dependency cannot
// serve. The answer says which are down and how long each took, never why (error messages can
// carry host names or connection details): the reason goes to the server's log.

/** A check gets this long before it counts as down, whatever the driver's own timeouts are. */
const checkTimeoutMs = 3_000;

const healthChecks: Record<string, () => Promise<unknown>> = {
  database: async () => (await getPrisma()).$queryRaw`SELECT 1`,
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runCheck(name: string, check: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  try {
    await withTimeout(check(), checkTimeoutMs);
    return { status: "ok", duration_ms: duration() };
  } catch (error) {
    console.error(`Health check ${name} failed:`, error instanceof Error ? error.message : error);
    return { status: "unavailable", duration_ms: duration() };
  }
}

/** Runs every check at once; the service is ok only when every check is. */
export async function checkHealth(): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(healthChecks).map(async ([name, check]) => [name, await runCheck(name, check)] as const),
  );
  const checks = Object.fromEntries(entries);
  const status = entries.every(([, result]) => result.status === "ok") ? "ok" : "unavailable";
  return { status, checks };
}
