import { expect, test } from "../support/fixtures";
import { timeouts } from "../support/timeouts";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { issueKeyByRequest, signInByRequest, signInThroughPage } from "./admin-support";

// The admin page lists each key's webhooks with their format and recent failures, never their secrets.

test("a failing webhook shows under its key with what went wrong", async ({ page, request, sql }) => {
  const receiver = await startWebhookReceiver({ failFirst: 1_000_000 });
  try {
    await signInByRequest(request);
    const { key, label, prefix } = await issueKeyByRequest(request);
    const headers = { "x-api-key": key };
    const added = await request.post("/api/v1/webhooks", {
      headers,
      data: { url: receiver.url, events: ["note.deleted"], format: "discord" },
    });
    expect(added.status()).toBe(201);
    const hook = (await added.json()) as { id: string; secret: string };
    const created = await request.post("/api/v1/shares", { headers, data: { content: "x", ttl: "1h" } });
    const id = ((await created.json()) as { id: string }).id;
    expect((await request.delete(`/api/v1/shares/${id}`, { headers })).status()).toBe(204);
    await expect
      .poll(
        async () =>
          (await sql.query("SELECT last_error FROM webhook_deliveries WHERE webhook_id = $1", [hook.id]))
            .rows[0]?.last_error,
        { timeout: timeouts.expect },
      )
      .toBe("HTTP 500");

    await signInThroughPage(page);
    const row = page.getByRole("table", { name: "Webhooks" }).locator(`tr[data-webhook-id="${hook.id}"]`);
    await expect(row).toContainText(`${label} (${prefix}…)`);
    await expect(row).toContainText(receiver.url);
    await expect(row.getByRole("cell", { name: "discord", exact: true })).toBeVisible();
    await expect(row).toContainText("note.deleted: HTTP 500");
    expect(await page.content()).not.toContain(hook.secret);
  } finally {
    await receiver.close();
  }
});
