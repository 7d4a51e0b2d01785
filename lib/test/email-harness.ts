import { simpleParser } from "mailparser";
import pg from "pg";
import { afterAll, beforeAll, expect } from "vitest";
import { testSmtpServer, type ReceivedEmail, type TestSmtpServer } from "../../e2e/support/smtp-server";
import { createTestDatabase, type TestDatabase } from "./database";

// The email notification tests' world: a database of the file's own (the outbox cursor is one per
// database), a real SMTP server (STARTTLS, AUTH) in a process of its own, and the service's modules
// loaded after the settings that point them there (lib/env.ts reads them once).

export const publicUrl = "https://notes.example.test";
export const noteText = "TOP-SECRET-TEXT";
export const notePassword = "hunter2-PASSWORD";

const load = async () => ({
  ...(await import("../notes/create-note")),
  ...(await import("../notes/read-note")),
  ...(await import("../notes/purge-expired-notes")),
  ...(await import("../webhooks/outbox")),
  ...(await import("../webhooks/delivery-schedule")),
  ...(await import("../requests/create-request")),
  ...(await import("../requests/answer-request")),
  ...(await import("../crypto/request-envelope")),
  ...(await import("../rate-limit/request-limits")),
  ...(await import("../metrics/metrics")),
  ...(await import("../notifications/turn-off-notifications")),
  ...(await import("../db")),
});

export type EmailWorld = {
  service: Awaited<ReturnType<typeof load>>;
  smtp: TestSmtpServer;
  client: pg.Client;
};

/** Registers the file's beforeAll and afterAll; the world is there once beforeAll ran. */
export function emailWorld(settings: Record<string, string> = {}): EmailWorld {
  const world = {} as EmailWorld;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("notify");
    world.smtp = await testSmtpServer();
    await world.smtp.start();
    Object.assign(process.env, {
      DATABASE_URL: database.url,
      SMTP_URL: world.smtp.url,
      MAIL_FROM: "Notes <notes@example.test>",
      PUBLIC_URL: publicUrl,
      WEBHOOK_RETRY_BASE_MS: "200",
      WEBHOOK_TIMEOUT_MS: "3000",
      ...settings,
    });
    const { migrateDatabase } = await import("../db/migrate");
    await migrateDatabase(database.url);
    world.service = await load();
    world.client = new pg.Client({ connectionString: database.url });
    await world.client.connect();
  });
  afterAll(async () => {
    await world.client?.end();
    await world.service?.closeDatabase();
    await world.smtp?.remove();
    await database?.drop();
  });
  return world;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const reader = { client: "0badcafe", browser: "Firefox" };

export function createNote(
  world: EmailWorld,
  options: { email: string; locale?: "en" | "de" | "ar"; burnAfter?: number; recipients?: string[] },
) {
  const { email, locale = "en", burnAfter, recipients } = options;
  return world.service.createNote({
    body: { content: noteText, ttl: "1h", password: notePassword, burn_after: burnAfter, recipients },
    apiKey: null,
    notify: { kind: "note", email, locale },
  });
}

export function readNote(world: EmailWorld, id: string) {
  const limits = new world.service.RequestLimits(new Headers());
  const signedIn = async () => false;
  return world.service.readNote({
    id,
    password: notePassword,
    keyProof: undefined,
    limits,
    reader,
    signedIn,
  });
}

/** The emails `address` received (mail servers compare addresses without case). */
export const emailsTo = (world: EmailWorld, address: string) =>
  world.smtp.received().filter((email) => email.to.some((to) => to.toLowerCase() === address.toLowerCase()));

/** Delivers until `address` got `count` emails (or 40 s passed), then once more: nothing further. */
export async function deliverUntil(world: EmailWorld, address: string, count: number) {
  for (let waited = 0; waited < 40_000 && emailsTo(world, address).length < count; waited += 100) {
    await world.service.deliverDueWebhooks();
    await sleep(100);
  }
  await sleep(300);
  await world.service.deliverDueWebhooks();
  return emailsTo(world, address);
}

/** A header's value as received, its folded lines joined. */
export const header = (raw: string, name: string) =>
  new RegExp(`^${name}:((?:[ \\t].*)?(?:\\r\\n[ \\t].*)*)`, "im")
    .exec(raw)?.[1]
    ?.replace(/\r\n[ \t]/g, " ")
    .trim() ?? null;

/**
 * What a notification must never carry, searched in every byte of the message as received, and in
 * its decoded subject and parts (quoted-printable may break a line inside a word).
 */
export async function expectNothingSecret(email: ReceivedEmail, secrets: string[]) {
  const mail = await simpleParser(email.raw);
  const texts = [email.raw, mail.subject ?? "", mail.text ?? "", mail.html || ""];
  for (const secret of secrets) {
    for (const text of texts) expect(text).not.toContain(secret);
    expect(email.raw).not.toContain(Buffer.from(secret).toString("base64"));
  }
}

/** Counted notes_notifications_total{channel="email",outcome}. */
export async function emailsCounted(world: EmailWorld, outcome: string): Promise<number> {
  const metric = await world.service.metrics.registry.getSingleMetric("notes_notifications_total")?.get();
  return (
    metric?.values.find((value) => value.labels.channel === "email" && value.labels.outcome === outcome)
      ?.value ?? 0
  );
}
