import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

// A real local HTTP receiver for webhook specs: it records every request, answers the first
// `failFirst` with 500 (then 200), and checks signatures with the Standard Webhooks reference library.

type Received = { headers: Record<string, string>; body: string; status: number };

type WebhookReceiver = {
  url: string;
  received: Received[];
  /** the next `count` requests are answered 500 */
  failNext: (count: number) => void;
  /** the events received with a valid signature for `secret` (throws on any invalid one) */
  verified: (secret: string) => { id: string; type: string; data: Record<string, unknown> }[];
  close: () => Promise<void>;
};

export async function startWebhookReceiver(options: { failFirst?: number } = {}): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let failing = options.failFirst ?? 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const fail = failing > 0;
      if (fail) failing--;
      received.push({
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString(),
        status: fail ? 500 : 204,
      });
      response.writeHead(fail ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    failNext: (count) => (failing = count),
    verified: (secret) =>
      received.map(({ headers, body }) => {
        const event = new Webhook(secret).verify(body, headers) as {
          type: string;
          data: Record<string, unknown>;
        };
        return { id: headers["webhook-id"] ?? "", type: event.type, data: event.data };
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
