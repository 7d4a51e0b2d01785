import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { createNote, deliverUntil, emailWorld, readNote } from "../test/email-harness";

// SITE_NAME names the site in every email: the sender's display name (when MAIL_FROM has none) and
// the footer's line, whatever the email's language.

const world = emailWorld({ SITE_NAME: "Acme Secrets", MAIL_FROM: "alerts@example.test" });

describe("emails under SITE_NAME", () => {
  it("are sent by the site's name and say it in the body", async () => {
    const address = "site-name@example.test";
    const note = await createNote(world, { email: address, locale: "de", burnAfter: 2 });
    await readNote(world, note.id);
    const emails = await deliverUntil(world, address, 1);
    expect(emails).toHaveLength(1);
    const mail = await simpleParser(emails[0]!.raw);
    expect(mail.from?.text).toBe('"Acme Secrets" <alerts@example.test>');
    expect(mail.subject).toBe(`Ihre Notiz ${note.id.slice(0, 4)}… wurde gelesen`);
    expect(mail.text).toContain("\n--\nAbsender: Acme Secrets\n");
    expect(mail.html).toContain("Absender: Acme Secrets<br>");
    expect(mail.text).not.toContain("Notizen");
  });
});
