// A test-only server speaking Upstash's REST protocol in front of the machine's real Redis, so the
// real @upstash/ratelimit and @upstash/redis code runs in tests. It knows what those clients send:
// `POST /` with one command as a JSON array, `POST /pipeline` and `/multi-exec` with several, a
// Bearer token, and answers base64-encoded when asked (Upstash-Encoding: base64; "OK" stays plain).
// @upstash/ratelimit's scripts start with `#!lua flags=allow-key-locking`, which plain Redis
// refuses, so the bridge strips that line and remembers each script under the hash the client
// computed from the original text: EVALSHA of that hash runs the stripped script, and an unknown
// hash answers NOSCRIPT, on which the client falls back to EVAL.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";

type Command = [string, ...(string | number)[]];

export type UpstashBridge = {
  url: string;
  token: string;
  /** The Redis connection behind the bridge, for assertions and cleanup. */
  redis: Redis;
  /** Deletes every key starting with `prefix`. */
  deleteKeys: (prefix: string) => Promise<number>;
  close: () => Promise<void>;
};

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");
const stripShebang = (script: string) => script.replace(/^#!lua[^\n]*\n/, "");

function encode(value: unknown): unknown {
  if (typeof value === "string") return value === "OK" ? value : Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(encode);
  return value;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

export async function startUpstashBridge(
  options: {
    port?: number;
    token?: string;
    redisUrl?: string;
  } = {},
): Promise<UpstashBridge> {
  const token = options.token ?? "bridge-token";
  const redis = new Redis(options.redisUrl ?? "redis://127.0.0.1:6379", { lazyConnect: false });
  const scripts = new Map<string, string>();

  async function run([name, ...args]: Command): Promise<unknown> {
    const command = String(name).toUpperCase();
    const strings = args.map(String);
    if (command === "EVAL" || (command === "SCRIPT" && strings[0]?.toUpperCase() === "LOAD")) {
      const script = command === "EVAL" ? strings[0] : strings[1];
      if (script === undefined) throw new Error("ERR wrong number of arguments");
      scripts.set(sha1(script), stripShebang(script));
      if (command !== "EVAL") return sha1(script);
      return redis.call("EVAL", stripShebang(script), ...strings.slice(1));
    }
    if (command === "EVALSHA") {
      const script = scripts.get(strings[0] ?? "");
      if (script === undefined) throw new Error("NOSCRIPT No matching script. Please use EVAL.");
      return redis.call("EVAL", script, ...strings.slice(1));
    }
    return redis.call(command, ...strings);
  }

  async function answer(command: Command, base64: boolean) {
    try {
      const result = await run(command);
      return { result: base64 ? encode(result) : result };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: "Unauthorized" });
    const base64 = request.headers["upstash-encoding"] === "base64";
    readBody(request)
      .then(async (body) => {
        if (request.url === "/pipeline" || request.url === "/multi-exec") {
          const commands = body as Command[];
          const results = [];
          for (const command of commands) results.push(await answer(command, base64));
          return send(200, results);
        }
        const single = await answer(body as Command, base64);
        send("error" in single ? 400 : 200, single);
      })
      .catch((error: unknown) => send(400, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    redis,
    async deleteKeys(prefix) {
      const keys = await redis.keys(`${prefix}*`);
      return keys.length === 0 ? 0 : redis.del(...keys);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await redis.quit();
    },
  };
}
