import { describe, expect, it } from "vitest";
import { generateSealingKey, parseSealingKey, SealError, sealedByPrefix } from "../crypto/seal";
import { openWebhookSecret, sealWebhookSecret } from "./webhook-secret";

const key = parseSealingKey(generateSealingKey())!;
const other = parseSealingKey(generateSealingKey())!;
const secret = `whsec_${Buffer.alloc(24, 3).toString("base64")}`;
const webhookId = "0b5e6a52-3f4c-4a7e-9d55-0e2a7c1f9b10";

describe("webhook secrets at rest", () => {
  it("seal to a value that names the key and opens only for its webhook", () => {
    const sealed = sealWebhookSecret(key, webhookId, secret);
    expect(sealed.startsWith(sealedByPrefix(key.id))).toBe(true);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openWebhookSecret([other, key], webhookId, sealed)).toBe(secret);
    expect(() => openWebhookSecret([key], "1b5e6a52-3f4c-4a7e-9d55-0e2a7c1f9b10", sealed)).toThrow(SealError);
    expect(() => openWebhookSecret([other], webhookId, sealed)).toThrow(SealError);
  });

  it("pass a secret stored before sealing through as it is", () => {
    expect(openWebhookSecret([key], webhookId, secret)).toBe(secret);
  });
});
