import { describe, expect, it } from "vitest";
import { isPublicAddress, resolveWebhookHost } from "./public-address";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111", "::ffff:1.1.1.1"])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("resolveWebhookHost", () => {
  it("refuses names and literals that are not public, unless private networks are allowed", async () => {
    for (const url of [
      "http://localhost:9/",
      "http://127.0.0.1/",
      "http://[::1]/",
      "http://[::ffff:10.0.0.1]/",
    ]) {
      await expect(resolveWebhookHost(new URL(url), false)).rejects.toThrow(/which is not public/);
    }
    expect(await resolveWebhookHost(new URL("http://127.0.0.1:8080/"), true)).toEqual({
      address: "127.0.0.1",
      family: 4,
    });
    expect(await resolveWebhookHost(new URL("http://[::1]/"), true)).toEqual({ address: "::1", family: 6 });
  });

  it("says so when a name does not resolve", async () => {
    await expect(resolveWebhookHost(new URL("http://no-such-host.invalid/"), false)).rejects.toThrow(
      "its host name does not resolve",
    );
  });
});
