import { describe, expect, it } from "vitest";
import { socketAddressHeader } from "../server/client-socket";
import { clientIdentifier, normalizeAddress } from "./client-identifier";

const headersFrom = (socket: string, extra: Record<string, string> = {}) =>
  new Headers({ [socketAddressHeader]: socket, ...extra });

describe("normalizeAddress", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6, drops ports and brackets", () => {
    expect(normalizeAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeAddress("::FFFF:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress(" 203.0.113.9:4711 ")).toBe("203.0.113.9");
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:0db8:0000:0000::/64");
  });

  it("groups IPv6 addresses by /64", () => {
    expect(normalizeAddress("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(normalizeAddress("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:0db8:0001:0002::/64");
    expect(normalizeAddress("2001:db8::1.2.3.4")).toBe("2001:0db8:0000:0000::/64");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
    expect(normalizeAddress("2001:db8::")).toBe("2001:0db8:0000:0000::/64");
  });

  it("keeps the IPv6 loopback as one address, however it is written", () => {
    for (const raw of ["::1", "[::1]:3000", "0:0:0:0:0:0:0:1", "0000::0001"])
      expect(normalizeAddress(raw)).toBe("::1");
    expect(normalizeAddress("::2")).toBe("0000:0000:0000:0000::/64");
  });

  it("refuses what is not an address", () => {
    for (const raw of ["", "unknown", "1.2.3", "1.2.3.4.5", "example.com", "::g", "<script>"])
      expect(normalizeAddress(raw)).toBeUndefined();
  });
});

describe("clientIdentifier", () => {
  const spoofed = { "x-forwarded-for": "198.51.100.1, 198.51.100.2", "x-real-ip": "198.51.100.3" };

  it("uses the socket address and ignores forwarding headers by default", () => {
    expect(clientIdentifier(headersFrom("::ffff:10.0.0.7", spoofed), undefined)).toBe("10.0.0.7");
    expect(clientIdentifier(headersFrom("10.0.0.7", spoofed), "off")).toBe("10.0.0.7");
  });

  it("with a hop count takes the hop the trusted proxies added, never the client's own entries", () => {
    const headers = headersFrom("10.0.0.1", { "x-forwarded-for": "6.6.6.6, 203.0.113.9" });
    expect(clientIdentifier(headers, { hops: 1 })).toBe("203.0.113.9");
    expect(
      clientIdentifier(headersFrom("10.0.0.1", { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" }), {
        hops: 2,
      }),
    ).toBe("203.0.113.9");
    // A request that reached us without the proxy: the socket address is all there is.
    expect(clientIdentifier(headersFrom("203.0.113.5"), { hops: 1 })).toBe("203.0.113.5");
  });

  it("with a header name takes that header's right-most value", () => {
    const headers = headersFrom("10.0.0.1", { "cf-connecting-ip": "2001:db8:5:6::9", ...spoofed });
    expect(clientIdentifier(headers, { header: "cf-connecting-ip" })).toBe("2001:0db8:0005:0006::/64");
    expect(
      clientIdentifier(headersFrom("10.0.0.1", { "x-real-ip": "1.1.1.1, 203.0.113.4" }), {
        header: "x-real-ip",
      }),
    ).toBe("203.0.113.4");
  });

  it("answers unknown when nobody says who the client is", () => {
    expect(clientIdentifier(new Headers(), undefined)).toBe("unknown");
    expect(clientIdentifier(headersFrom("10.0.0.1"), { header: "cf-connecting-ip" })).toBe("unknown");
    expect(
      clientIdentifier(headersFrom("10.0.0.1", { "x-real-ip": "garbage" }), { header: "x-real-ip" }),
    ).toBe("unknown");
  });
});
