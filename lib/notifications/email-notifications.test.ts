import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { sealedBy } from "../crypto/seal";
import { ApiError } from "../http/api-error";
import {
  createNote,
  deliverUntil,
  emailsCounted,
  emailsTo,
  emailWorld,
  expectNothingSecret,
  header,
  noteText,
  notePassword,
  publicUrl,
  readNote,
} from "../test/email-harness";
import { notifySealedBySql } from "./notify-target-sql";

// Email notifications below HTTP, delivered by the outbox to a real SMTP server: exactly one email
// per event, their headers, parts and language, what they never carry, the address sealed and gone
// with the note, the hourly limit per address, opting out, and turning one note's emails off.

const world = emailWorld({ NOTIFY_EMAILS_PER_HOUR: "6" });
const secrets = (id: string) => [noteText, notePassword, `${publicUrl}/${id}`];
const tokenIn = (text: string, kind: string) =>
  new RegExp(`token=(${kind}\\.[A-Za-z0-9_.-]+)`).exec(text)?.[1] ?? "";

describe("email notifications", () => {
  it("sends one email per read and one for the burn, in the creator's language, with nothing secret", async () => {
    const address = "reads@example.test";
    const note = await createNote(world, { email: address, locale: "de", burnAfter: 2 });
    const { rows } = await world.client.query("SELECT email FROM notify_targets WHERE subject_id = $1", [
      note.id,
    ]);
    expect(rows[0].email).toMatch(/^v1\./);
    expect(rows[0].email).not.toContain("reads@");
    // The key that sealed it is in use (npm run reseal keeps it) while the note asks for emails.
    const keyUse = notifySealedBySql(sealedBy(rows[0].email) ?? "");
    const used = async () => (await world.client.query(keyUse.text, keyUse.values)).rows[0].used;
    expect(await used()).toBe(true);
    await readNote(world, note.id);
    await readNote(world, note.id);
    const emails = await deliverUntil(world, address, 3);
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
      expect(mail.text).toMatch(/Zeitpunkt: 30\.11\.2026|Zeitpunkt: \d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d UTC/);
      expect(mail.text).toContain("Diese E-Mail enthält nie den Text der Notiz");
      expect(mail.text).toContain("Absender: Notizen\n");
      await expectNothingSecret(email, secrets(note.id));
    }
    expect(parsed.filter((email) => email.text?.includes("Leser: Firefox"))).toHaveLength(2);
    // The note's last event forgot its target; the outbox forgot the delivered emails' addresses.
    const left = await world.client.query(
      "SELECT count(*)::int AS n FROM notify_targets WHERE subject_id = $1",
      [note.id],
    );
    expect(left.rows[0].n).toBe(0);
    const kept = await world.client.query(
      "SELECT count(*)::int AS n FROM webhook_deliveries WHERE email IS NOT NULL",
    );
    expect(kept.rows[0].n).toBe(0);
    expect(await used()).toBe(false);
  });

  it("names a recipient's link by its label, right to left in Arabic", async () => {
    const address = "links@example.test";
    const note = await createNote(world, { email: address, locale: "ar", recipients: ["Alice", "Bob"] });
    const alice = note.links?.find((link) => link.label === "Alice");
    await readNote(world, alice!.id);
    const emails = await deliverUntil(world, address, 1);
    expect(emails).toHaveLength(1);
    const mail = await simpleParser(emails[0]!.raw);
    expect(mail.subject).toBe("تمت قراءة ملاحظتك “Alice”");
    expect(mail.text).toContain("المستلم: Alice");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    await expectNothingSecret(emails[0]!, [...secrets(note.id), `${publicUrl}/${alice!.id}`]);
  });

  it("says when a note expired unread, and nothing when it expired after a read", async () => {
    const unread = await createNote(world, { email: "expiry@example.test" });
    const read = await createNote(world, { email: "expiry-read@example.test" });
    await readNote(world, read.id);
    await world.client.query(
      "UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = ANY($1)",
      [[unread.id, read.id]],
    );
    await world.service.purgeExpiredNotes();
    const expired = await deliverUntil(world, "expiry@example.test", 1);
    expect(await Promise.all(expired.map(async (email) => (await simpleParser(email.raw)).subject))).toEqual([
      `Your note ${unread.id.slice(0, 4)}… expired unread`,
    ]);
    const readEmails = await deliverUntil(world, "expiry-read@example.test", 1);
    expect(
      await Promise.all(readEmails.map(async (email) => (await simpleParser(email.raw)).subject)),
    ).toEqual([`Your note ${read.id.slice(0, 4)}… was read`]);
  });

  it("sends one email per answer to a request, without a status link", async () => {
    const address = "requests@example.test";
    const keys = await world.service.generateRequestKeys();
    const body = {
      title: "Token",
      ttl: "1d",
      answers: 2,
      public_key: keys.publicKey,
      owner_proof: keys.ownerProof,
    };
    const request = await world.service.createRequest({
      body,
      apiKey: null,
      notify: { kind: "request", email: address, locale: "en" },
    });
    const envelope = await world.service.sealAnswer("the-answer-SECRET", {
      requestId: request.id,
      publicKey: keys.publicKey,
    });
    await world.service.answerRequest({
      id: request.id,
      envelope,
      reader: { client: null, browser: "Safari" },
      signedIn: async () => false,
    });
    const emails = await deliverUntil(world, address, 1);
    expect(emails).toHaveLength(1);
    const mail = await simpleParser(emails[0]!.raw);
    expect(mail.subject).toBe(`Your request ${request.id.slice(0, 4)}… was answered`);
    expect(mail.text).toContain("Reader: Safari");
    expect(mail.text).not.toContain("/status/");
    await expectNothingSecret(emails[0]!, [
      "the-answer-SECRET",
      envelope,
      `${publicUrl}/requests/${request.id}`,
    ]);
  });

  it("sends an address at most NOTIFY_EMAILS_PER_HOUR emails, dropping the rest as limited", async () => {
    const address = "busy@example.test";
    const limitedBefore = await emailsCounted(world, "limited");
    const note = await createNote(world, { email: address });
    for (let count = 0; count < 8; count++) await readNote(world, note.id);
    const emails = await deliverUntil(world, address, 6);
    expect(emails).toHaveLength(6);
    expect((await emailsCounted(world, "limited")) - limitedBefore).toBe(2);
    const { rows } = await world.client.query(
      "SELECT count(*)::int AS n FROM webhook_deliveries WHERE last_error = 'limited' AND next_attempt_at IS NULL",
    );
    expect(rows[0].n).toBe(2);
  });

  it("turns one note's emails off with its unsubscribe link, and only that note's", async () => {
    const address = "unsubscribe@example.test";
    const note = await createNote(world, { email: address });
    const other = await createNote(world, { email: address });
    await readNote(world, note.id);
    const [first] = await deliverUntil(world, address, 1);
    const token = tokenIn(header(first!.raw, "List-Unsubscribe") ?? "", "note");
    const forged = token.replace(note.id, other.id);
    await expect(world.service.turnOffNotifications(forged)).rejects.toThrow(ApiError);
    expect(await world.service.turnOffNotifications(token)).toBe("note");
    await readNote(world, note.id);
    await readNote(world, other.id);
    const emails = await deliverUntil(world, address, 2);
    expect(await Promise.all(emails.map(async (email) => (await simpleParser(email.raw)).subject))).toEqual([
      `Your note ${note.id.slice(0, 4)}… was read`,
      `Your note ${other.id.slice(0, 4)}… was read`,
    ]);
  });

  it("sends nothing more to an address that opted out of every notification", async () => {
    const address = "Opt.Out@example.test";
    const note = await createNote(world, { email: address });
    await readNote(world, note.id);
    const [first] = await deliverUntil(world, address, 1);
    const mail = await simpleParser(first!.raw);
    expect(await world.service.turnOffNotifications(tokenIn(mail.text ?? "", "address"))).toBe("address");
    const { rows } = await world.client.query("SELECT address_hash FROM notify_opt_outs");
    expect(rows.map((row) => row.address_hash).join()).not.toMatch(/opt/i);
    const optedOutBefore = await emailsCounted(world, "opted_out");
    // The same mailbox in other letters' case is the same address.
    const again = await createNote(world, { email: "opt.out@EXAMPLE.test" });
    await readNote(world, again.id);
    await readNote(world, note.id);
    // Both are weighed, and dropped, in the pass after the one email already there.
    await deliverUntil(world, address, 1);
    expect(emailsTo(world, address)).toHaveLength(1);
    expect((await emailsCounted(world, "opted_out")) - optedOutBefore).toBe(2);
  });
});
