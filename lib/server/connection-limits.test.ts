import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeSilentConnections, limitConnections, type ConnectionLimits } from "./connection-limits";

// Real connections from several loopback addresses (127.0.0.x are all this machine's) to a real
// HTTP server: which one gives way when a cap is reached.

type Client = { socket: Socket; closed: () => boolean };

let server: Server | undefined;
const clients: Socket[] = [];
afterEach(async () => {
  for (const socket of clients.splice(0)) socket.destroy();
  if (server) await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose `/hold` requests stay in flight until the test ends; others answer at once. */
async function limitedServer(limits: ConnectionLimits) {
  const accepted: Socket[] = [];
  server = createServer((req, res) => {
    if (req.url !== "/hold") res.end("ok");
  });
  server.on("connection", (socket: Socket) => accepted.push(socket));
  limitConnections(server, limits);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;

  /** A connection from `from`, once the server has it (closed at once, or kept). */
  const open = async (from: string): Promise<Client> => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: from });
    clients.push(socket);
    let closed = false;
    socket.on("close", () => (closed = true)).on("error", () => {});
    const count = accepted.length;
    await once(socket, "connect");
    await expect.poll(() => accepted.length).toBe(count + 1);
    return { socket, closed: () => closed };
  };
  /** Sends a request on `client` and waits until the server has it (for `/quick`, its answer). */
  const request = async (client: Client, path: "/hold" | "/quick") => {
    const seen = new Promise((resolve) => server?.once("request", resolve));
    client.socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await seen;
    if (path === "/quick") await once(client.socket, "data");
  };
  return { open, request };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe("limitConnections", () => {
  it("over the per-address cap, closes that address's connection waiting longest; other addresses are not touched", async () => {
    const { open } = await limitedServer({ maxConnections: 100, maxConnectionsPerAddress: 2 });
    const first = await open("127.0.0.1");
    const second = await open("127.0.0.1");
    const other = await open("127.0.0.2");
    const third = await open("127.0.0.1");
    await expect.poll(first.closed).toBe(true);
    await settle();
    expect([second.closed(), other.closed(), third.closed()]).toEqual([false, false, false]);
  });

  it("never closes a connection with a request in flight; when every one has, the new one is closed", async () => {
    const { open, request } = await limitedServer({ maxConnections: 100, maxConnectionsPerAddress: 2 });
    const busy = await open("127.0.0.1");
    await request(busy, "/hold");
    const idle = await open("127.0.0.1");
    const newer = await open("127.0.0.1");
    await expect.poll(idle.closed).toBe(true);
    await request(newer, "/hold");
    const refused = await open("127.0.0.1");
    await expect.poll(refused.closed).toBe(true);
    await settle();
    expect([busy.closed(), newer.closed()]).toEqual([false, false]);
  });

  it("over the total cap, closes the connection waiting longest, whatever its address", async () => {
    const { open } = await limitedServer({ maxConnections: 2, maxConnectionsPerAddress: 10 });
    const first = await open("127.0.0.1");
    const second = await open("127.0.0.2");
    const third = await open("127.0.0.3");
    await expect.poll(first.closed).toBe(true);
    await settle();
    expect([second.closed(), third.closed()]).toEqual([false, false]);
  });

  it("counts a keep-alive connection's wait from its last answer, not from when it connected", async () => {
    const { open, request } = await limitedServer({ maxConnections: 2, maxConnectionsPerAddress: 10 });
    const older = await open("127.0.0.1");
    const idleSince = await open("127.0.0.2");
    await request(older, "/quick");
    const newest = await open("127.0.0.3");
    await expect.poll(idleSince.closed).toBe(true);
    await settle();
    expect([older.closed(), newest.closed()]).toEqual([false, false]);
  });
});

describe("closeSilentConnections", () => {
  const timeoutMs = 1_000;

  /** A server whose `/slow` requests are answered after three times the timeout, others at once. */
  async function silentServer() {
    server = createServer((req, res) => {
      if (req.url === "/slow") setTimeout(() => res.end("slow"), 3 * timeoutMs);
      else res.end("quick");
    });
    closeSilentConnections(server, timeoutMs);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const port = (server.address() as AddressInfo).port;
    return async () => {
      const socket = connect({ port, host: "127.0.0.1" });
      clients.push(socket);
      let received = "";
      socket.on("data", (data: Buffer) => (received += data.toString()));
      const closed = new Promise((resolve) => socket.on("close", resolve).on("error", () => {}));
      await once(socket, "connect");
      return { socket, closed, received: () => received };
    };
  }

  it("closes a connection that never sends a byte, having answered nothing", async () => {
    const open = await silentServer();
    const silent = await open();
    await silent.closed;
    expect(silent.received()).toBe("");
  });

  it("leaves a request that takes longer than the timeout to answer, and the connection after it, to Node", async () => {
    const open = await silentServer();
    const client = await open();
    client.socket.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(client.received, { timeout: 10 * timeoutMs }).toMatch(/\r\n\r\nslow$/);
    // The same connection serves the next request (keep-alive): nothing closed it meanwhile.
    client.socket.write("GET /quick HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(client.received).toMatch(/\r\n\r\nquick$/);
  });
});
