import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { resolveWebhookHost, type ResolvedAddress } from "./public-address";

// One delivery attempt: the body POSTed to the webhook's URL, signed per Standard Webhooks
// (webhook-id, webhook-timestamp, webhook-signature: `v1,` and the base64 HMAC-SHA256 of
// `<id>.<timestamp>.<body>` under the `whsec_` secret), by the specification's own library. The
// connection goes to the address checked by resolveWebhookHost and nowhere else; redirects are
// not followed (a 3xx is a failed attempt), and the whole attempt is bounded by `timeoutMs`.

type Attempt = { delivered: true } | { delivered: false; error: string };

/** A lookup that answers every name with the one address already checked. */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: {
    pinned: ResolvedAddress;
    timeoutMs: number;
  },
): Promise<number> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      lookup: pinnedLookup(options.pinned),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    request.on("response", (response) => {
      // The answer's body is not needed, only read to its end, so the attempt is over when it is.
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === "AbortError") return "timed out";
  if (error instanceof Error && error.name === "TimeoutError") return "timed out";
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ? `connection failed (${code})` : "connection failed";
}

/** POSTs one event, signed; says whether the receiver took it (any 2xx) or what went wrong. */
export async function deliverWebhook(options: {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<Attempt> {
  const { secret, messageId, body, timeoutMs, allowPrivate } = options;
  const url = new URL(options.url);
  let pinned: ResolvedAddress;
  try {
    pinned = await resolveWebhookHost(url, allowPrivate);
  } catch (error) {
    return { delivered: false, error: `refused: ${error instanceof Error ? error.message : "bad host"}` };
  }
  const timestamp = new Date();
  const headers = {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, timestamp, body),
    "user-agent": "notes-webhooks/1",
  };
  try {
    const status = await post(url, body, headers, { pinned, timeoutMs });
    return status >= 200 && status < 300
      ? { delivered: true }
      : { delivered: false, error: `HTTP ${status}` };
  } catch (error) {
    return { delivered: false, error: describeFailure(error) };
  }
}
