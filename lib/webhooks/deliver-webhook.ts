import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { resolveWebhookHost, type ResolvedAddress } from "./public-address";

// One delivery attempt: the body POSTed to the webhook's URL, signed per Standard Webhooks
// (webhook-id, webhook-timestamp, webhook-signature: `v1,` and the base64 HMAC-SHA256 of
// `<id>.<timestamp>.<body>` under the `whsec_` secret), by the specification's own library; or a
// chat message (deliver-chat.ts), unsigned. Either way the connection goes to the address checked by
// resolveWebhookHost and nowhere else; redirects are not followed (a 3xx is a failed attempt), and
// the whole attempt is bounded by `timeoutMs`.

export type Attempt = { delivered: true } | { delivered: false; error: string };

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
      headers: { ...headers, "content-length": Buffer.byteLength(body) },
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

/** POSTs `body` with `headers` to `url` if its host is allowed; says whether the receiver took it (any 2xx). */
export async function postNotification(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<Attempt> {
  const url = new URL(options.url);
  let pinned: ResolvedAddress;
  try {
    pinned = await resolveWebhookHost(url, options.allowPrivate);
  } catch (error) {
    return { delivered: false, error: `refused: ${error instanceof Error ? error.message : "bad host"}` };
  }
  const headers = { ...options.headers, "user-agent": "notes-webhooks/1" };
  try {
    const status = await post(url, options.body, headers, { pinned, timeoutMs: options.timeoutMs });
    return status >= 200 && status < 300
      ? { delivered: true }
      : { delivered: false, error: `HTTP ${status}` };
  } catch (error) {
    return { delivered: false, error: describeFailure(error) };
  }
}

/** POSTs one event, signed. */
export function deliverWebhook(options: {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<Attempt> {
  const { secret, messageId, body } = options;
  const timestamp = new Date();
  const headers = {
    "content-type": "application/json",
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, timestamp, body),
  };
  return postNotification({ ...options, headers });
}
