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
      await expect(resolveWebhookHost(new URL(url), false)).rejects.toThrow(
        new Error("its host does not resolve to a public address"),
      );
    }
    expect(await resolveWebhookHost(new URL("http://127.0.0.1:8080/"), true)).toEqual({
      address: "127.0.0.1",
      family: 4,
    });
    expect(await resolveWebhookHost(new URL("http://[::1]/"), true)).toEqual({ address: "::1", family: 6 });
  });

  it("never says what a name resolved to, nor whether it resolves at all", async () => {
    // localhost resolves (to 127.0.0.1 or ::1), the .invalid name never does: the same words for both.
    const messages = [];
    for (const url of ["http://localhost/", "http://no-such-host.invalid/"]) {
      const refusal = await resolveWebhookHost(new URL(url), false).catch((error: Error) => error);
      messages.push(refusal instanceof Error ? refusal.message : "resolved");
    }
    expect(messages).toEqual([
      "its host does not resolve to a public address",
      "its host does not resolve to a public address",
    ]);
    for (const message of messages) expect(message).not.toMatch(/\d+\.\d+|::/);
  });

  it("says a name does not resolve when private networks are allowed (nothing to hide then)", async () => {
    await expect(resolveWebhookHost(new URL("http://no-such-host.invalid/"), true)).rejects.toThrow(
      new Error("its host name does not resolve"),
    );
  });
});
