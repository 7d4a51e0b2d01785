import { createServer, Socket, type AddressInfo, type Server } from "node:net";

// A TCP proxy in front of a server (the real Postgres, or the app itself for the command-line
// client) that a test can cut and restore, to play an outage: "refuse" drops every connection and
// refuses new ones at once (the server is down), "blackhole" keeps connections open but passes
// nothing either way (a network that went silent), "stall" passes what the client sends but drops
// the server's replies (a statement runs and commits, and its answer is lost), "reset" answers each
// reply of the server by resetting the connection (RST) instead of passing it on (the work was
// done; the client sees ECONNRESET).

export type ProxyMode = "up" | "refuse" | "blackhole" | "stall" | "reset";

export type TcpProxy = {
  port: number;
  setMode: (mode: ProxyMode) => void;
  close: () => Promise<void>;
};

export async function startTcpProxy(options: {
  /** default 0: a free port, which `port` of the result names */
  port?: number;
  target: { host: string; port: number };
  /** sees every byte a client sends through the proxy (to check what reached the target) */
  onClientData?: (chunk: Buffer) => void;
}) {
  const { target } = options;
  let mode: ProxyMode = "up";
  const pairs = new Set<[Socket, Socket]>();

  const server: Server = createServer((client) => {
    if (mode === "refuse") {
      client.destroy();
      return;
    }
    const upstream = new Socket();
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", forget).on("close", forget);
    upstream.on("error", forget).on("close", forget);
    // While the network is silent, bytes are dropped, not delivered later.
    client.on("data", (chunk) => {
      options.onClientData?.(chunk);
      if (mode !== "blackhole") upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (mode === "up") client.write(chunk);
      else if (mode === "reset") {
        client.resetAndDestroy();
        upstream.destroy();
      }
    });
    upstream.connect(target.port, target.host);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));

  const proxy: TcpProxy = {
    // The port it listens on: `options.port`, or the one the system gave for 0.
    port: (server.address() as AddressInfo).port,
    setMode(next) {
      // A refused server drops its connections; after a silence the connections that lived
      // through it have lost bytes mid-protocol, so they end too (as keepalive would end them).
      if (next === "refuse" || mode === "blackhole" || mode === "stall") {
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
      }
      mode = next;
    },
    close: async () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
