import { simpleParser } from "mailparser";
import { startNotifyServer, type NotifyServer } from "../support/notify-server";
import { timeouts } from "../support/timeouts";
import { expect, test } from "./browser-test";

// The create page's "Email me at" field on a server with SMTP_URL, driven in Chromium: the reader's
// read arrives as an email naming the reader's browser, with nothing of the note in it; its links
// open the page that turns the note's emails off, and then every email to the address.
test.describe.configure({ mode: "serial" });

let notify: NotifyServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  notify = await startNotifyServer("notify_email_pages");
});

test.afterAll(async () => {
  await notify?.stop();
});

test("a note created on the page emails its read, and its links turn emails off", async ({ page }) => {
  const app = notify?.server.url ?? "";
  const smtp = notify!.smtp;
  await page.goto(`${app}/`);
  await page.getByLabel("Text").fill("PAGE-SECRET-TEXT");
  await page.getByLabel("Email me at").fill("page@example.test");
  await page.getByRole("button", { name: "Create note" }).click();
  const link = await page.getByRole("textbox", { name: "Link" }).inputValue();
  const id = new URL(link).pathname.slice(1);

  await page.goto(link);
  await expect(page.getByRole("article")).toHaveText("PAGE-SECRET-TEXT");
  await expect.poll(() => smtp.received().length, { timeout: 20_000 }).toBe(1);
  const [email] = smtp.received();
  const mail = await simpleParser(email!.raw);
  expect(mail.subject).toBe(`Your note ${id.slice(0, 4)}… was read`);
  expect(mail.text).toContain("Reader: Chrome");
  // End-to-end: the id alone reads nothing, so the status link is there; the key never is.
  expect(mail.text).toContain(`${app}/status/${id}#ndt_`);
  for (const secret of ["PAGE-SECRET-TEXT", new URL(link).hash.slice(1), link]) {
    expect([email!.raw, mail.text, mail.html].join("\n")).not.toContain(secret);
  }

  const [turnOff, optOut] = [
    ...(mail.text ?? "").matchAll(/(https?:\/\/\S+\/notifications\/off\?token=\S+)/g),
  ].map((match) => match[1] ?? "");
  await page.goto(turnOff!);
  await expect(page.getByText("Stop the emails about this note or request?")).toBeVisible();
  await page.getByRole("button", { name: "Stop the emails" }).click();
  await expect(page.getByRole("status")).toHaveText("Done: no more emails about it.");
  await page.goto(optOut!);
  await expect(page.getByText("Stop every notification from this site to this address?")).toBeVisible();
  await page.getByRole("button", { name: "Stop the emails" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Done: this site sends this address no more notifications.",
  );
  await page.goto(`${app}/notifications/off?token=note.${id}.AAAAAAAAAAAAAAAAAAAAAA`);
  await expect(page.getByText("This link is not one of this site's notification links.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop the emails" })).toHaveCount(0);
});
