import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// Another site, as far as the browser can tell (another origin), that never leaves the machine: a
// loopback server on a port the system picks. It records the path of every request, which is how a
// spec proves that nothing was fetched from it.

const IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16"><rect width="24" height="16"/></svg>';

export async function startRemoteHost() {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const stylesheet = request.url?.endsWith(".css") ?? false;
    response.writeHead(200, { "content-type": stylesheet ? "text/css" : "image/svg+xml" });
    response.end(stylesheet ? "p { color: rgb(255, 0, 0) }" : IMAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    // The browser may still hold a connection open (keep-alive, or one opened ahead of a request);
    // close() alone would wait for it, past the test's time limit.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
