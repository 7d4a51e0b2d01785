import type { HeaderLookup } from "../http/api-request";
import { clientIdentifier } from "./client-identifier";
import { metrics } from "../metrics/metrics";
import { limitRequest, rateLimitedError, rateLimitHeaders, type RateLimitDecision } from "./limit-request";
import type { PolicyName } from "./policies";

/**
 * The decision the RateLimit headers describe: the route's own policy (the first one charged), unless
 * a later one (a password limit) refused the request.
 */
function shown(first: RateLimitDecision | undefined, next: RateLimitDecision): RateLimitDecision {
  return !first?.counted || !next.allowed ? next : first;
}

/**
 * The rate limits charged while one API request is handled. The route wrapper makes one per request
 * and stamps the headers of what it decided on the response, whatever it is (an error included).
 */
export class RequestLimits {
  private decision: RateLimitDecision | undefined;
  private client: string | undefined;

  constructor(private readonly headers: HeaderLookup) {}

  /** The client's address as rate limits know it (see client-identifier.ts). */
  get clientId(): string {
    this.client ??= clientIdentifier(this.headers);
    return this.client;
  }

  /**
   * Counts the request under `policy`; throws rate_limited when it is over the limit, unavailable
   * when the policy fails closed and its store is down.
   */
  async charge(policy: PolicyName, identifier: string): Promise<void> {
    const decision = await limitRequest(policy, identifier);
    this.decision = shown(this.decision, decision);
    if (!decision.allowed) {
      if (decision.counted) metrics.refusals[policy].inc();
      throw rateLimitedError(decision);
    }
  }

  /**
   * Counts one create: per key with a valid key, else per client address. A create that asks for
   * email notifications is counted twice (docs/notifications.md).
   */
  chargeCreate(apiKeyId: string | null): Promise<void> {
    return apiKeyId ? this.charge("createPerKey", `key:${apiKeyId}`) : this.charge("create", this.clientId);
  }

  /** Sets them on a Web `Response` (a page) or an ApiAnswer. */
  applyHeaders<T extends { headers: { set(name: string, value: string): unknown } }>(response: T): T {
    if (this.decision) {
      const headers = rateLimitHeaders(this.decision);
      for (const name in headers) response.headers.set(name, headers[name] ?? "");
    }
    return response;
  }
}
