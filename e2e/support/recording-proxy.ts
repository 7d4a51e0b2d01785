import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

// A TCP proxy (tcp-proxy.ts) in front of a server of a spec's own that records every byte a client
// sends through it, so that the spec can search what went over the wire and list the API requests
// a client made, whatever became of their answers.

export interface RecordingProxy extends TcpProxy {
  /** the server's base URL through the proxy */
  url: string;
  /** what clients sent since the last `forget()`, as latin1 text */
  traffic(): string;
  /** the API requests in `traffic()`, in order, ids and grants made alike: `PUT /api/v1/shares/ID/…` */
  requests(): string[];
  /** the Content-Length of each request in `traffic()` whose line (`PUT /path`) matches, in order */
  bodyLengths(line: RegExp): number[];
  /** drops what was recorded so far */
  forget(): void;
}

/** A recording proxy, on a free port, in front of the server on `serverPort` (both on 127.0.0.1). */
export async function startRecordingProxy(serverPort: number): Promise<RecordingProxy> {
  let sent: Buffer[] = [];
  const proxy = await startTcpProxy({
    target: { host: "127.0.0.1", port: serverPort },
    onClientData: (chunk) => sent.push(chunk),
  });
  const traffic = () => Buffer.concat(sent).toString("latin1");
  return {
    ...proxy,
    url: `http://127.0.0.1:${proxy.port}`,
    traffic,
    requests: () => requestLines(traffic()),
    bodyLengths: (line) => bodyLengths(traffic(), line),
    forget: () => {
      sent = [];
    },
  };
}

/** A request line follows the body before it on a kept-alive connection, so it is searched for, not read line by line. */
function requestLines(traffic: string) {
  return [...traffic.matchAll(/(GET|PUT|POST|HEAD) (\/api\/v1\/\S+) HTTP\/1\.1\r\n/g)].map(
    ([, method, target]) =>
      `${method} ${target!.replace(/[A-Za-z0-9]{10}/, "ID").replace(/grant=\S+/, "grant=G")}`,
  );
}

/** Each request's head in `traffic`, searched for as requestLines does, and its Content-Length. */
function bodyLengths(traffic: string, line: RegExp) {
  return [...traffic.matchAll(/(GET|PUT|POST|HEAD|DELETE) (\S+) HTTP\/1\.1\r\n([\s\S]*?)\r\n\r\n/g)]
    .filter(([, method, target]) => line.test(`${method} ${target}`))
    .map(([, , , headers]) => Number(/^content-length: *(\d+)$/im.exec(headers!)?.[1] ?? 0));
}
