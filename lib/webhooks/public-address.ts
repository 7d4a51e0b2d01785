import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns/promises";

// Server-side request forgery: a webhook URL is the client's choice, so by default the server only
// calls public addresses. The host is resolved once, every address it resolves to must be public,
// and the connection is then made to that very address (see deliver-webhook.ts), so a second,
// different answer from DNS (rebinding) cannot send the request elsewhere.

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64: reaches IPv4 addresses through a translator
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address
  ["fc00::", 7], // unique local (fd00:ec2::254: cloud metadata)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address an IPv4-mapped or -compatible IPv6 address carries (::ffff:127.0.0.1), if any. */
function embeddedIpv4(address: string): string | null {
  const match = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match?.[1]) return match[1];
  const hex = /^::(?:ffff:(?:0:)?)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether an IP address is public: not loopback, private, link-local, metadata, reserved. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const ipv4 = embeddedIpv4(address.toLowerCase());
  if (ipv4 !== null) return !blocked.check(ipv4, "ipv4");
  return !blocked.check(address, "ipv6");
}

/**
 * Why a webhook host is refused, whether a name does not resolve or an address is not public: one
 * answer for both, so that it tells nothing about the names the server's resolver knows.
 */
const notPublic = "its host does not resolve to a public address";

export type ResolvedAddress = { address: string; family: 4 | 6 };

/**
 * The address to connect to for `url`'s host: the host itself when it is an IP address, else the
 * first one DNS gives. Throws, with what to say about it, when any address is not public (unless
 * `allowPrivate`) or the name does not resolve. The message never names an address a name resolved
 * to: it goes back to whoever asked for the webhook, who must not learn the server's view of
 * internal names from it.
 */
export async function resolveWebhookHost(url: URL, allowPrivate: boolean): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: host, family: literal as 4 | 6 }]
    : (await lookup(host, { all: true, verbatim: true }).catch(() => [])).map((entry) => ({
        address: entry.address,
        family: entry.family as 4 | 6,
      }));
  const first = addresses[0];
  if (!first) throw new Error(allowPrivate ? "its host name does not resolve" : notPublic);
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused && !allowPrivate) throw new Error(notPublic);
  return first;
}
