import "server-only";
import { pingDatabase } from "../db";
import { checkRateLimitStore } from "../rate-limit/store";
import type { CheckResult, HealthReport } from "./health-report-schema";
import { errorSummary } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";
import { serviceVersion } from "../version";

// GET /api/v1/health: each dependency is one named check that throws when the dependency cannot
// serve. The answer says which are down and how long each took, never why (error messages can
// carry host names or connection details): the error's class and code go to the server's log.

/** A check gets this long before it counts as down, whatever the driver's own timeouts are. */
const checkTimeoutMs = 3_000;

type Check = {
  /** Throws when the dependency cannot serve; may return details to report (the store's backend). */
  run: () => Promise<Partial<CheckResult> | void>;
  /** Without it nothing works (503); without the others the service is only degraded (200). */
  critical: boolean;
};

const healthChecks: Record<string, Check> = {
  database: {
    critical: true,
    run: pingDatabase,
  },
  // The rate-limit store fails open (requests go through unlimited), so it degrades the service.
  rate_limit: {
    critical: false,
    run: async () => {
      const { backend, ok } = await checkRateLimitStore();
      if (!ok)
        throw Object.assign(new Error(`the ${backend} store does not answer`), {
          backend,
          code: "NO_ANSWER",
        });
      return { backend };
    },
  },
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: "TIMEOUT" })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runCheck(name: string, check: Check): Promise<CheckResult> {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  try {
    const details = await withTimeout(check.run(), checkTimeoutMs);
    return { status: "ok", duration_ms: duration(), ...details };
  } catch (error) {
    writeLogLine({ level: "error", msg: "health check failed", check: name, error: errorSummary(error) });
    const backend = (error as { backend?: CheckResult["backend"] }).backend;
    return { status: "unavailable", duration_ms: duration(), ...(backend && { backend }) };
  }
}

/** Runs every check at once: unavailable when a critical check fails, degraded when another does. */
export async function checkHealth(): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(healthChecks).map(
      async ([name, check]) => [name, check, await runCheck(name, check)] as const,
    ),
  );
  const failed = entries.filter(([, , result]) => result.status !== "ok");
  const status =
    failed.length === 0 ? "ok" : failed.some(([, check]) => check.critical) ? "unavailable" : "degraded";
  return {
    status,
    version: serviceVersion,
    checks: Object.fromEntries(entries.map(([name, , result]) => [name, result])),
  };
}
