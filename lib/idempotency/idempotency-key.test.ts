import { describe, expect, it } from "vitest";
import { createIdempotencyOf, idempotencyKeyOf, keptAnswerLookup } from "./idempotency-key";

const headers = (key?: string) => new Headers(key === undefined ? {} : { "idempotency-key": key });
const uuid = "8e03978e-40d5-43e8-bc93-6894a57f9324";

describe("idempotencyKeyOf", () => {
  it("reads Stripe's bare form and the draft's quoted form as the same key; none is null", () => {
    expect(idempotencyKeyOf(headers(uuid))).toBe(uuid);
    expect(idempotencyKeyOf(headers(`"${uuid}"`))).toBe(uuid);
    expect(idempotencyKeyOf(headers())).toBeNull();
  });

  it.each([["short"], ["with a space in it, long enough"], ["x".repeat(256)], [""], ['"tooshort"']])(
    "refuses %j with 400 bad_idempotency_key",
    (key) => {
      expect(() => idempotencyKeyOf(headers(key))).toThrow(
        expect.objectContaining({ code: "bad_idempotency_key", status: 400 }),
      );
    },
  );
});

describe("keptAnswerLookup", () => {
  it("keeps a key's answers apart by note, by creator and by kind", () => {
    const lookups = [
      keptAnswerLookup({ read: "AAAAAAAAAA" }, uuid),
      keptAnswerLookup({ read: "BBBBBBBBBB" }, uuid),
      keptAnswerLookup({ createdBy: "client:1.2.3.4" }, uuid),
      keptAnswerLookup({ createdBy: "key:abc" }, uuid),
      keptAnswerLookup({ read: "AAAAAAAAAA" }, `${uuid}0`),
    ];
    expect(new Set(lookups).size).toBe(lookups.length);
    expect(lookups[0]).toBe(keptAnswerLookup({ read: "AAAAAAAAAA" }, uuid));
    expect(lookups[0]).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("createIdempotencyOf", () => {
  it("fingerprints the body: the same body the same, another body not", () => {
    const body = { content: "x", ttl: "1h" };
    const first = createIdempotencyOf(headers(uuid), body, "client:a");
    expect(createIdempotencyOf(headers(uuid), { ...body }, "client:a")).toEqual(first);
    expect(createIdempotencyOf(headers(uuid), { ...body, ttl: "1d" }, "client:a")?.fingerprint).not.toBe(
      first?.fingerprint,
    );
    expect(createIdempotencyOf(headers(), body, "client:a")).toBeNull();
  });
});
