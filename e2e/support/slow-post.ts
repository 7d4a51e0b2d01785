import { request as httpRequest } from "node:http";

/**
 * A POST whose body arrives in two parts: a request surely in flight. The server's "100 Continue"
 * says it has the request; then the first part goes, `inFlight` is called, and the rest of the body
 * waits for `rest`.
 */
export function slowPost(url: string, body: string, inFlight: () => void, rest: Promise<void>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: "POST", headers: { "content-type": "application/json", expect: "100-continue" } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    const half = Math.floor(body.length / 2);
    request.once("continue", () => {
      request.write(body.slice(0, half));
      inFlight();
      void rest.then(() => request.end(body.slice(half)));
    });
    request.flushHeaders();
  });
}
