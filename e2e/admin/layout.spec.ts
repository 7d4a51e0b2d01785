import { atEachWidth, expectNoSidewaysScroll } from "../browser/browser-test";
import { expect, test } from "../support/fixtures";
import {
  adminSecret,
  issueKeyByRequest,
  signInByRequest,
  signInThroughPage,
  uniqueLabel,
} from "./admin-support";

// The admin page at a phone's width and a laptop's: nothing runs off the side, every key's Revoke
// button is on screen, and the audit log names local clients by their plain address.

atEachWidth(({ name, viewport }) => {
  test("the keys table and the audit log fit the window; Revoke is on screen", async ({ page, request }) => {
    await signInByRequest(request);
    const label = uniqueLabel(`layout-${name}`);
    await issueKeyByRequest(request, label);
    await signInThroughPage(page);
    await expectNoSidewaysScroll(page);

    const row = page.getByRole("table", { name: "API keys" }).getByRole("row").filter({ hasText: label });
    await expect(row.getByRole("rowheader")).toHaveText(label);
    const revoke = row.getByRole("button", { name: "Revoke…" });
    // Other tests' keys may come first: scroll down to the row, never sideways.
    await revoke.scrollIntoViewIfNeeded();
    await expect(revoke).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    const edge = await revoke.evaluate((button) => button.getBoundingClientRect().right);
    expect(edge).toBeLessThanOrEqual(viewport.width);

    // On a phone each cell carries its column's name; on a laptop the header row does.
    const created = row.getByRole("cell").nth(2);
    const header = page
      .getByRole("table", { name: "API keys" })
      .getByRole("columnheader", { name: "Created", exact: true });
    if (name === "phone") {
      await expect(header).not.toBeInViewport();
      const shown = await created.evaluate((cell) => getComputedStyle(cell, "::before").content);
      expect(shown).toBe('"Created"');
    } else {
      await expect(header).toBeVisible();
      expect(await created.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe("none");
    }

    await page.getByRole("table", { name: "Audit log" }).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
  });

  test("the audit log shows localhost as 127.0.0.1 and ::1, never as a /64 of zeros", async ({
    page,
    request,
  }) => {
    const port = process.env.E2E_PORT;
    // The server listens on both stacks; this sign-in arrives over IPv6 loopback.
    const v6 = `http://[::1]:${port}`;
    const response = await request.post(`${v6}/admin/api/session`, {
      headers: { origin: v6 },
      data: { secret: adminSecret },
    });
    expect(response.status()).toBe(204);
    await signInThroughPage(page);

    const clients = page
      .getByRole("table", { name: "Audit log" })
      .locator('tr[data-action="sign_in"] td:nth-child(3)');
    // Every sign-in in this run came from this machine, over IPv4 or IPv6.
    await expect(clients.filter({ hasText: "::1" }).first()).toHaveText("::1");
    const shown = new Set(await clients.allTextContents());
    expect([...shown].sort()).toEqual(["127.0.0.1", "::1"]);
    await expect(page.getByRole("table", { name: "Audit log" })).not.toContainText(
      "0000:0000:0000:0000::/64",
    );
  });
});
