import { startNotifyServer, type NotifyServer } from "../support/notify-server";
import { timeouts } from "../support/timeouts";
import { expect, test } from "./browser-test";

// A notification email that cannot be delivered, seen by the note's creator on its status page (and
// in the events API the page reads): retrying since when, the last reason, the address masked; gone
// once the SMTP server is back and the email is delivered. Retries here start after half a second.
test.describe.configure({ mode: "serial" });

let notify: NotifyServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  notify = await startNotifyServer("notify_failures", { WEBHOOK_RETRY_BASE_MS: "500" });
});

test.afterAll(async () => {
  await notify?.stop();
});

type Failures = { address: string | null; state: string; since: number; reason: string } | null;

test("an email the SMTP server cannot take shows on the status page, masked, until it is delivered", async ({
  page,
}) => {
  const app = notify?.server.url ?? "";
  const smtp = notify!.smtp;
  const address = "fail-me@example.test";
  const created = await fetch(`${app}/api/v1/shares`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content: "FAILURE-SECRET", ttl: "1h", notify_email: address }),
  });
  expect(created.status).toBe(201);
  const note = (await created.json()) as { id: string; delete_token: string };
  const failures = async (): Promise<Failures> => {
    const response = await fetch(`${app}/api/v1/shares/${note.id}/events`, {
      headers: { "x-delete-token": note.delete_token },
    });
    return ((await response.json()) as { notify_email: Failures }).notify_email;
  };
  expect(await failures()).toBeNull();

  await smtp.stop();
  const read = await fetch(`${app}/api/v1/shares/${note.id}/read`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(read.status).toBe(200);
  await expect.poll(async () => (await failures())?.state, { timeout: 20_000 }).toBe("retrying");
  const failing = await failures();
  expect(failing).toEqual({
    address: "f…@example.test",
    state: "retrying",
    since: expect.any(Number),
    reason: "smtp failed (ESOCKET)",
  });
  expect(Math.abs(failing!.since - Date.now() / 1000)).toBeLessThan(60);

  await page.goto(`${app}/status/${note.id}#${note.delete_token}`);
  const alert = page.locator("#notify-email-failure");
  await expect(alert).toContainText("The notification email to f…@example.test could not be delivered since");
  await expect(alert).toContainText("retrying. Last error: smtp failed (ESOCKET)");
  expect(await page.content()).not.toContain(address);

  await smtp.start();
  await expect.poll(() => smtp.received().length, { timeout: 60_000 }).toBe(1);
  expect(smtp.received()[0]!.to).toEqual([address]);
  await expect.poll(failures, { timeout: 10_000 }).toBeNull();
  await page.reload();
  await expect(page.getByRole("table", { name: "Access log" })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
