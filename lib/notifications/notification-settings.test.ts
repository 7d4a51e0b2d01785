import { describe, expect, it } from "vitest";
import { z } from "zod";
import { notificationSettings, smtpNeedsPublicUrl } from "./notification-settings";

const schema = z
  .object({ ...notificationSettings, PUBLIC_URL: z.string().optional() })
  .refine(...smtpNeedsPublicUrl);

const problems = (settings: Record<string, string>) =>
  schema.safeParse(settings).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("the notification settings", () => {
  it("are all optional: without SMTP_URL nothing is sent, and an address gets 20 emails an hour", () => {
    expect(schema.parse({})).toEqual({ NOTIFY_EMAILS_PER_HOUR: 20 });
    expect(schema.parse({ SMTP_URL: "" })).toEqual({ NOTIFY_EMAILS_PER_HOUR: 20 });
  });

  it("take smtp:// and smtps:// with a user and password, and need PUBLIC_URL beside them", () => {
    const publicUrl = "https://notes.example.test";
    for (const url of ["smtp://user:pass@mail.example.test:587", "smtps://user:pass@mail.example.test:465"]) {
      expect(problems({ SMTP_URL: url, PUBLIC_URL: publicUrl })).toEqual([]);
    }
    expect(problems({ SMTP_URL: "smtp://mail.example.test" })).toEqual([
      "PUBLIC_URL: must be set with SMTP_URL (emails link to {PUBLIC_URL}/status/<id>)",
    ]);
    expect(problems({ SMTP_URL: "https://mail.example.test", PUBLIC_URL: publicUrl })).toEqual([
      "SMTP_URL: must be an smtp:// or smtps:// URL",
    ]);
    expect(problems({ NOTIFY_EMAILS_PER_HOUR: "0" })).toEqual([
      "NOTIFY_EMAILS_PER_HOUR: must be a whole number from 1 to 10000",
    ]);
  });
});
