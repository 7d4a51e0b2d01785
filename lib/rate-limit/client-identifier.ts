import type { HeaderLookup } from "../http/api-request";
import { isIPv4, isIPv6 } from "node:net";
import { env } from "../env";
import { writeLogLine } from "../process/log-line";
import { socketAddress } from "../server/client-socket";
import type { TrustProxy } from "./settings";

// Who a request comes from, for per-client limits. By default the address that connected to our
// front server, and nothing a client can write: X-Forwarded-For and friends are ignored. With
// TRUST_PROXY set, the address the trusted proxy saw, i.e. the hop it added itself (never a
// left-most entry, which the client may have made up). IPv6 clients are grouped by /64, the block
// one subscriber usually gets; IPv4-mapped IPv6 addresses count as the IPv4 address, and the IPv6
// loopback as itself ("::1"): it is one machine, and its /64 is no subscriber's block.

const unknownClient = "unknown";

/** An address without brackets, port or IPv4 mapping; undefined when it is not an IP address. */
export function normalizeAddress(raw: string): string | undefined {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1] ?? "";
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1] ?? "";
  if (isIPv4(value)) return value;
  if (!isIPv6(value)) return undefined;
  const groups = ipv6Groups(value);
  if (groups.join(":") === ipv6Loopback) return "::1";
  return `${groups.slice(0, 4).join(":")}::/64`;
}

const ipv6Loopback = "0000:0000:0000:0000:0000:0000:0000:0001";

/** The groups of an IPv6 address, each written out in full (an embedded IPv4 tail stays as it is). */
function ipv6Groups(address: string): string[] {
  const withoutZone = address.split("%")[0] ?? "";
  const [head = "", tail] = withoutZone.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::1.2.3.4) sits in the last 32 bits, outside the /64.
  const missing = 8 - headGroups.length - tailGroups.length - (withoutZone.includes(".") ? 1 : 0);
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  return groups.map((group) => group.padStart(4, "0"));
}

/** The proxy's own hop: counted from the right of X-Forwarded-For plus the socket address. */
function forwardedClient(headers: HeaderLookup, trust: TrustProxy): string | undefined {
  if ("header" in trust) return headers.get(trust.header)?.split(",").at(-1);
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").filter((hop) => hop.trim() !== "");
  // Nearest first: [socket, the hop the nearest proxy added, the one before, ...].
  const chain = [socketAddress(headers), ...hops.reverse()];
  return chain[Math.min(trust.hops, chain.length - 1)];
}

let warnedUnknown = false;

/**
 * The last address normalized, and what it became: the requests of one keep-alive connection, or of
 * one busy client, repeat it, and its regular expressions cost each API request a microsecond.
 */
let lastRaw: string | undefined;
let lastAddress: string | undefined;

function normalizeAgain(raw: string): string | undefined {
  if (raw !== lastRaw) {
    lastAddress = normalizeAddress(raw);
    lastRaw = raw;
  }
  return lastAddress;
}

/** The client's address (an IPv6 /64 block) as used in rate-limit keys, or "unknown". */
export function clientIdentifier(
  headers: HeaderLookup,
  trust: TrustProxy | "off" | undefined = env.TRUST_PROXY,
): string {
  const raw = trust && trust !== "off" ? forwardedClient(headers, trust) : socketAddress(headers);
  const address = raw === undefined ? undefined : normalizeAgain(raw);
  if (address) return address;
  if (!warnedUnknown) {
    warnedUnknown = true;
    writeLogLine({
      level: "warn",
      msg:
        "rate limits: a request's client address is unknown (no front server and no TRUST_PROXY); " +
        'such requests share one limit, "unknown". Run `npm start`, or set TRUST_PROXY behind a proxy.',
    });
  }
  return unknownClient;
}
