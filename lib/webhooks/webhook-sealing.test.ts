import { describe, expect, it } from "vitest";
import { generateSealingKey, parseSealingKey, SealError, sealedByPrefix } from "../crypto/seal";
import { openWebhookField, sealWebhookField } from "./webhook-sealing";

const key = parseSealingKey(generateSealingKey())!;
const other = parseSealingKey(generateSealingKey())!;
const secret = `whsec_${Buffer.alloc(24, 3).toString("base64")}`;
const url = "https://hooks.slack.com/services/T000/B000/XXXXXXXX";
const webhookId = "0b5e6a52-3f4c-4a7e-9d55-0e2a7c1f9b10";
const otherId = "1b5e6a52-3f4c-4a7e-9d55-0e2a7c1f9b10";

describe("webhook secrets and URLs at rest", () => {
  it("seal to a value that names the key and opens only for its webhook", () => {
    const sealed = sealWebhookField(key, webhookId, "secret", secret);
    expect(sealed.startsWith(sealedByPrefix(key.id))).toBe(true);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openWebhookField([other, key], webhookId, "secret", sealed)).toBe(secret);
    expect(() => openWebhookField([key], otherId, "secret", sealed)).toThrow(SealError);
    expect(() => openWebhookField([other], webhookId, "secret", sealed)).toThrow(SealError);
  });

  it("seal a URL that opens only as its webhook's URL, never as a secret nor another's URL", () => {
    const sealed = sealWebhookField(key, webhookId, "url", url);
    expect(sealed.startsWith(sealedByPrefix(key.id))).toBe(true);
    expect(sealed).not.toContain("hooks.slack.com");
    expect(sealed).not.toContain("XXXXXXXX");
    expect(openWebhookField([key], webhookId, "url", sealed)).toBe(url);
    expect(() => openWebhookField([key], webhookId, "secret", sealed)).toThrow(SealError);
    expect(() => openWebhookField([key], otherId, "url", sealed)).toThrow(SealError);
    const sealedSecret = sealWebhookField(key, webhookId, "secret", secret);
    expect(() => openWebhookField([key], webhookId, "url", sealedSecret)).toThrow(SealError);
  });

  it("pass a secret or URL stored before sealing through as it is", () => {
    expect(openWebhookField([key], webhookId, "secret", secret)).toBe(secret);
    expect(openWebhookField([key], webhookId, "url", url)).toBe(url);
  });
});
