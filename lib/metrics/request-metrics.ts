import { metrics } from "./metrics";

// Every request the front server answers, by route pattern (lib/server/request-route.ts), method
// and status, and its duration. The label sets are bounded: patterns are a closed list, methods
// outside the usual ones are "other", and a status is a number (or "none": the client left before
// an answer was sent). Each label set's children are looked up once and kept.

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

type Children = { count: { inc: () => void }; duration: { observe: (seconds: number) => void } };

const children = new Map<string, Children>();

function childrenFor(route: string, method: string, status: string): Children {
  const key = `${route} ${method} ${status}`;
  let found = children.get(key);
  if (!found) {
    found = {
      count: metrics.http.requests.labels({ route, method, status }),
      duration: metrics.http.duration.labels({ route, method }),
    };
    children.set(key, found);
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
  const status = request.status === null ? "none" : String(request.status);
  const { count, duration } = childrenFor(request.route, method, status);
  count.inc();
  duration.observe(request.seconds);
}
