import { metrics } from "./metrics";

// Every request the front server answers, by route pattern (lib/routes/match-route.ts), method
// and status, and its duration. The label sets are bounded: patterns are a closed list, methods
// outside the usual ones are "other", and a status is a number (or "none": the client left before
// an answer was sent). Each label set's children are looked up once and kept.

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

type Children = { count: { inc: () => void }; duration: { observe: (seconds: number) => void } };

/** By route, then method, then status: the strings are the same few each time, no key is built. */
const children = new Map<string, Map<string, Map<number | null, Children>>>();

function childrenFor(route: string, method: string, status: number | null): Children {
  let byMethod = children.get(route);
  if (!byMethod) children.set(route, (byMethod = new Map()));
  let byStatus = byMethod.get(method);
  if (!byStatus) byMethod.set(method, (byStatus = new Map()));
  let found = byStatus.get(status);
  if (!found) {
    found = {
      count: metrics.http.requests.labels({
        route,
        method,
        status: status === null ? "none" : String(status),
      }),
      duration: metrics.http.duration.labels({ route, method }),
    };
    byStatus.set(status, found);
  }
  return found;
}

export function recordRequest(request: {
  route: string;
  method: string | undefined;
  status: number | null;
  seconds: number;
}): void {
  const method = request.method && methods.has(request.method) ? request.method : "other";
  const { count, duration } = childrenFor(request.route, method, request.status);
  count.inc();
  duration.observe(request.seconds);
}
