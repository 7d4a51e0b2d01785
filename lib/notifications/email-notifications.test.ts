import pg from "pg";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, makeCertificate } from "../../e2e/support/test-certificate";
import { testSmtpServer, type ReceivedEmail, type TestSmtpServer } from "../../e2e/support/smtp-server";
import { createTestDatabase, type TestDatabase } from "../test/database";

// Email notifications end to end below HTTP: notes and requests created with a notify target, read,
// burned, expired and answered on a database of this file's own (the outbox cursor is one per
// database), delivered by the outbox to a real SMTP server (STARTTLS, AUTH) in a process of its own,
// stopped for 20 s and killed with SIGKILL mid-delivery. Every byte of every message is searched for
// what must never be in one.

let database: TestDatabase;
let smtp: TestSmtpServer;
let client: pg.Client;
const publicUrl = "https://notes.example.test";

// The modules under test read their settings once (lib/env.ts): loaded after the settings are set.
const load = async () => ({
  ...(await import("../notes/create-note")),
  ...(await import("../notes/read-note")),
  ...(await import("../notes/purge-expired-notes")),
  ...(await import("../webhooks/outbox")),
  ...(await import("../requests/create-request")),
  ...(await import("../requests/answer-request")),
  ...(await import("../crypto/request-envelope")),
  ...(await import("../rate-limit/request-limits")),
  ...(await import("../metrics/metrics")),
  ...(await import("./turn-off-notifications")),
  ...(await import("../db")),
});
let service: Awaited<ReturnType<typeof load>>;

beforeAll(async () => {
  database = await createTestDatabase("notify");
  const certificate = await makeCertificate();
  smtp = testSmtpServer({ port: await freePort(), certificate });
  await smtp.start();
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Notes <notes@example.test>",
    PUBLIC_URL: publicUrl,
    NOTIFY_EMAILS_PER_HOUR: "6",
    WEBHOOK_RETRY_BASE_MS: "200",
    WEBHOOK_TIMEOUT_MS: "3000",
  });
  const { migrateDatabase } = await import("../db/migrate");
  await migrateDatabase(database.url);
  service = await load();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await service?.closeDatabase();
  await smtp?.stop();
  await database?.drop();
});

const reader = { client: "0badcafe", browser: "Firefox" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createNote(options: { email: string; locale?: "en" | "de" | "ar"; burnAfter?: number }) {
  const { email, locale = "en", burnAfter } = options;
  return service.createNote({
    body: { content: "TOP-SECRET-TEXT", ttl: "1h", password: "hunter2-PASSWORD", burn_after: burnAfter },
    apiKey: null,
    notify: { kind: "note", email, locale },
  });
}

async function read(id: string) {
  const limits = new service.RequestLimits(new Headers());
  return service.readNote({ id, password: "hunter2-PASSWORD", keyProof: undefined, limits, reader });
}

const to = (address: string) => (email: ReceivedEmail) => email.to.includes(address);

/** Delivers until `address` got `count` emails (or 40 s passed), then once more: nothing further. */
async function deliverUntil(address: string, count: number): Promise<ReceivedEmail[]> {
  for (let waited = 0; waited < 40_000 && smtp.received().filter(to(address)).length < count; waited += 100) {
    await service.deliverDueWebhooks();
    await sleep(100);
  }
  await sleep(300);
  await service.deliverDueWebhooks();
  return smtp.received().filter(to(address));
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:((?:[ \\t].*)?(?:\\r\\n[ \\t].*)*)`, "im")
    .exec(raw)?.[1]
    ?.replace(/\r\n[ \t]/g, " ")
    .trim() ?? null;

/**
 * Everything a notification must never carry, searched in every byte of the message as received, and
 * in its decoded subject and parts (quoted-printable may break a line inside a word).
 */
async function expectNothingSecret(email: ReceivedEmail, secrets: string[]) {
  const mail = await simpleParser(email.raw);
  const texts = [email.raw, mail.subject ?? "", mail.text ?? "", mail.html || ""];
  for (const secret of secrets) {
    for (const text of texts) expect(text).not.toContain(secret);
    expect(email.raw).not.toContain(Buffer.from(secret).toString("base64"));
  }
}

const secrets = (id: string) => ["TOP-SECRET-TEXT", "hunter2-PASSWORD", `${publicUrl}/${id}`];

describe("email notifications", () => {
  it("sends one email per read and one for the burn, in the creator's language, with nothing secret", async () => {
    const address = "reads@example.test";
    const note = await createNote({ email: address, locale: "de", burnAfter: 2 });
    await read(note.id);
    await read(note.id);
    const emails = await deliverUntil(address, 3);
    expect(emails).toHaveLength(3);
    const parsed = await Promise.all(emails.map((email) => simpleParser(email.raw)));
    const name = `${note.id.slice(0, 4)}…`;
    expect(parsed.map((email) => email.subject).sort()).toEqual([
      `Ihre Notiz ${name} wurde gelesen`,
      `Ihre Notiz ${name} wurde gelesen`,
      `Ihre Notiz ${name} wurde vernichtet`,
    ]);
    const statusUrl = `${publicUrl}/status/${note.id}#${note.delete_token}`;
    for (const [index, email] of emails.entries()) {
      const mail = parsed[index]!;
      expect({ secure: email.secure, user: email.user, to: email.to }).toEqual({
        secure: true,
        user: "notes",
        to: [address],
      });
      expect(mail.from?.text).toBe('"Notes" <notes@example.test>');
      expect(header(email.raw, "List-Unsubscribe")).toMatch(
        new RegExp(`^<${publicUrl}/api/v1/notifications/off\\?token=note\\.${note.id}\\.[A-Za-z0-9_-]{22}>$`),
      );
      expect(header(email.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain(`Status und Zugriffsprotokoll: ${statusUrl}`);
      expect(mail.html).toContain(`<a href="${statusUrl}">`);
      expect(mail.html).toContain('<html lang="de" dir="ltr">');
      expect(mail.text).toContain("Diese E-Mail enthält nie den Text der Notiz");
      await expectNothingSecret(email, secrets(note.id));
    }
    expect(parsed.filter((email) => email.text?.includes("Leser: Firefox"))).toHaveLength(2);
  });
});
