import type { Page } from "@playwright/test";
import { peopleSpec } from "../support/people-spec";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { expect, expectNoSidewaysScroll, test, widths } from "./browser-test";

// A person's own notification targets on /me, with a real provider and a real local HTTP receiver:
// Alice adds a Slack target, the note she creates signed in is read, and the receiver gets exactly
// the message for it and nothing secret; while the receiver answers 500 /me says the target is
// retrying, as do the note's status page and /me/notes/<id> (service and host only), and delivered
// once it is back. Bob neither sees nor deletes Alice's target. Retries here start after half a second.
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
let targetId = "";

const { app, sameSite, sql, people, signedIn } = peopleSpec({
  databaseName: "people_targets",
  env: async () => {
    receiver = await startWebhookReceiver();
    return {
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
      WEBHOOK_RETRY_BASE_MS: "500",
      WEBHOOK_POLL_INTERVAL_MS: "200",
    };
  },
  stop: async () => receiver?.close(),
});

const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const noteText = "TARGET-SPEC-SECRET-TEXT";

/** Creates a note as the person signed in on `page` and reads it once in Firefox; its id and token. */
async function createdAndRead(page: Page) {
  const response = await page.request.post(`${app()}/api/v1/shares`, {
    headers: sameSite(),
    data: { content: noteText, ttl: "1h", burn_after: 3 },
  });
  expect(response.status()).toBe(201);
  const note = (await response.json()) as { id: string; delete_token: string };
  const read = await fetch(`${app()}/api/v1/shares/${note.id}/read`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": firefox },
    body: "{}",
  });
  expect(read.status).toBe(200);
  return note;
}

const taken = (id: string) => receiver!.received.filter((each) => each.body.includes(`${id.slice(0, 4)}…`));
const targetRow = (page: Page) =>
  page.getByRole("table", { name: "Notification targets" }).locator("tbody tr");

test("a Slack target added on /me gets exactly the message for a read of the person's note", async ({
  browser,
}) => {
  const alice = await signedIn(browser, "alice");
  const section = alice.getByRole("region", { name: "Notifications" });
  await expect(section.getByText("No targets yet.")).toBeVisible();
  await section.getByLabel("Service").selectOption("slack");
  await section.getByLabel("Webhook URL").fill(receiver!.url);
  await section.getByRole("button", { name: "Add target" }).click();
  const host = new URL(receiver!.url).host;
  await expect(targetRow(alice)).toHaveCount(1);
  await expect(targetRow(alice).locator("td").nth(0)).toHaveText("slack");
  await expect(targetRow(alice).locator("td").nth(1)).toHaveText(host);
  await expect(targetRow(alice).locator("td").nth(4)).toHaveText("Nothing sent yet");
  // A chat target is not signed: no secret to show; and its URL is shown by its host only.
  await expect(section.getByRole("heading", { name: "Signing secret" })).toHaveCount(0);
  expect(await alice.content()).not.toContain(receiver!.url);
  targetId = (await targetRow(alice).getAttribute("data-target")) ?? "";
  await alice.setViewportSize(widths[0].viewport);
  await expectNoSidewaysScroll(alice);

  const note = await createdAndRead(alice);
  await expect.poll(() => taken(note.id).length, { timeout: 20_000 }).toBe(1);
  const { rows } = await sql().query<{ timestamp: string }>(
    "SELECT payload->>'timestamp' AS timestamp FROM webhook_deliveries WHERE payload #>> '{data,id}' = $1",
    [note.id],
  );
  expect(rows).toHaveLength(1);
  const when = `${rows[0]!.timestamp.slice(0, 10)} ${rows[0]!.timestamp.slice(11, 19)} UTC`;
  const name = `${note.id.slice(0, 4)}…`;
  expect(receiver!.received).toHaveLength(1);
  expect(receiver!.received[0]!.status).toBe(204);
  expect(JSON.parse(receiver!.received[0]!.body)).toEqual({
    text: `Your note ${name} was read`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*Your note ${name} was read*` } },
      {
        type: "context",
        elements: [
          { type: "mrkdwn", text: `When: ${when}` },
          { type: "mrkdwn", text: "Reader: Firefox" },
        ],
      },
    ],
  });
  const bytes = JSON.stringify(receiver!.received);
  for (const secret of [noteText, note.id, note.delete_token]) expect(bytes).not.toContain(secret);
  await alice.reload();
  await expect(targetRow(alice).locator("td").nth(4)).toContainText("Delivered");
});

/** The events answer's `notify_targets` for the note, as its status page reads it. */
async function failingTargets(note: { id: string; delete_token: string }) {
  const response = await fetch(`${app()}/api/v1/shares/${note.id}/events`, {
    headers: { "x-delete-token": note.delete_token },
  });
  expect(response.status).toBe(200);
  type Failing = { format: string; host: string; state: string; since: number; reason: string };
  return ((await response.json()) as { notify_targets: Failing[] }).notify_targets;
}

test("/me and the note's pages show a failing target retrying, with the last error, then delivered once it is back", async ({
  browser,
}) => {
  const alice = people.alice!;
  const host = new URL(receiver!.url).host;
  receiver!.failNext(1000);
  const note = await createdAndRead(alice);
  await expect.poll(() => taken(note.id).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await alice.reload();
  await expect(targetRow(alice)).toHaveAttribute("data-state", "retrying");
  await expect(targetRow(alice).locator("td").nth(4)).toContainText("Retrying since");
  await expect(targetRow(alice).locator("td").nth(4)).toContainText(": HTTP 500");

  const failing = await failingTargets(note);
  expect(failing).toEqual([
    { format: "slack", host, state: "retrying", since: expect.any(Number), reason: "HTTP 500" },
  ]);
  expect(Math.abs(failing[0]!.since - Date.now() / 1000)).toBeLessThan(60);
  // The status link, opened without the session: the delete token in its fragment is the credential.
  const status = await browser.newPage({ ignoreHTTPSErrors: true });
  await status.goto(`${app()}/status/${note.id}#${note.delete_token}`);
  const alert = status.locator("[data-failing-target]");
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText(
    `Notifications to the slack target at ${host} could not be delivered since`,
  );
  await expect(alert).toContainText("retrying. Last error: HTTP 500");
  expect(await status.content()).not.toContain(receiver!.url);
  const own = await alice.context().newPage();
  await own.goto(`${app()}/me/notes/${note.id}`);
  await expect(own.locator("[data-failing-target]")).toContainText(`the slack target at ${host}`);

  receiver!.failNext(0);
  await expect
    .poll(() => taken(note.id).filter((each) => each.status === 204).length, { timeout: 30_000 })
    .toBe(1);
  await alice.reload();
  await expect(targetRow(alice)).toHaveAttribute("data-state", "delivered");
  await expect(targetRow(alice).locator("td").nth(4)).toContainText("Delivered");
  expect(await failingTargets(note)).toEqual([]);
  await status.reload();
  await expect(status.getByRole("table", { name: "Access log" })).toBeVisible();
  await expect(alert).toHaveCount(0);
  await status.context().close();
  await own.close();
});

test("another person neither sees nor deletes the target; cross-site and signed out are refused; its owner deletes it", async ({
  browser,
}) => {
  const bob = await signedIn(browser, "bob");
  const section = bob.getByRole("region", { name: "Notifications" });
  await expect(section.getByText("No targets yet.")).toBeVisible();
  expect(await bob.content()).not.toContain(targetId);
  const codeOf = async (response: { json: () => Promise<unknown> }) =>
    ((await response.json()) as { error: string }).error;
  const crossOwner = await bob.request.delete(`${app()}/me/api/webhooks/${targetId}`, {
    headers: sameSite(),
  });
  expect([crossOwner.status(), await codeOf(crossOwner)]).toEqual([404, "not_found"]);
  const crossSite = await bob.request.post(`${app()}/me/api/webhooks`, {
    headers: { origin: "https://evil.test" },
    data: { url: receiver!.url, events: ["note.read"], format: "slack" },
  });
  expect([crossSite.status(), await codeOf(crossSite)]).toEqual([403, "cross_site_request"]);
  const signedOut = await fetch(`${app()}/me/api/webhooks/${targetId}`, {
    method: "DELETE",
    headers: sameSite(),
  });
  expect([signedOut.status, await codeOf(signedOut)]).toEqual([401, "sign_in_required"]);
  // The API's refusal, in the page's words.
  await section.getByLabel("Webhook URL").fill("ftp://example.test/hook");
  await section.getByRole("button", { name: "Add target" }).click();
  await expect(section.getByRole("alert")).toHaveText(
    "This URL is refused: a target must be a public http:// or https:// address.",
  );
  await expect(section.getByText("No targets yet.")).toBeVisible();

  const alice = people.alice!;
  await alice.reload();
  await targetRow(alice).getByRole("button", { name: "Delete…" }).click();
  await alice.getByRole("button", { name: "Delete target" }).click();
  await expect(
    alice.getByRole("region", { name: "Notifications" }).getByText("No targets yet."),
  ).toBeVisible();
  const { rows } = await sql().query("SELECT id FROM webhooks WHERE id = $1", [targetId]);
  expect(rows).toEqual([]);

  // A standard target is signed: its secret is shown this once.
  const own = alice.getByRole("region", { name: "Notifications" });
  await own.getByLabel("Service").selectOption("standard");
  await own.getByLabel("Webhook URL").fill(receiver!.url);
  await own.getByRole("button", { name: "Add target" }).click();
  await expect(own.getByRole("textbox", { name: "Signing secret" })).toHaveValue(/^whsec_[A-Za-z0-9+/]{32}$/);
  await alice.reload();
  await expect(own.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);
  await expect(targetRow(alice).locator("td").nth(0)).toHaveText("standard");
});
