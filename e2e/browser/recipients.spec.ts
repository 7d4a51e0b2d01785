import { keyProof } from "../../lib/crypto/envelope";
import { readQrCode } from "../support/qr-code";
import { expect, test } from "./browser-test";

// The create page's recipients: a name a line gives each name its own link (the encryption key in
// every one), each opens on its own, and the status page says whose link was opened.

test("each recipient gets a link of their own, and the status page names who opened it", async ({
  page,
  api,
  context,
  baseURL,
}) => {
  await page.goto("/");
  await page.getByLabel("Text").fill("for two");
  await page.getByLabel("Read limit").fill("1");
  await page.getByLabel("Names, one per line (optional)").fill("Alice\n\n Bob \n");
  await page.getByRole("button", { name: "Create note" }).click();

  const alice = await page.getByRole("textbox", { name: "Alice" }).inputValue();
  const bob = await page.getByRole("textbox", { name: "Bob" }).inputValue();
  const link = new RegExp(`^${baseURL}/([A-Za-z0-9]{10})#([A-Za-z0-9_-]{43})$`);
  const [, aliceId, aliceKey] = link.exec(alice) ?? [];
  const [, bobId, bobKey] = link.exec(bob) ?? [];
  expect(aliceId).not.toBe(bobId);
  expect(aliceKey).toBe(bobKey);
  // The owner handle opens nothing: neither it nor its QR code is offered.
  await expect(page.getByRole("textbox", { name: "Link" })).toHaveCount(0);
  await expect(page.getByRole("img", { name: "QR code of the link" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Copy Alice's link" })).toBeVisible();
  // Each recipient's link as a QR code of its own, folded until asked for.
  const bobsCode = page.getByRole("img", { name: "QR code of Bob's link" });
  await expect(bobsCode).toBeHidden();
  await page.getByText("QR code").nth(1).click();
  await expect(bobsCode).toBeVisible();
  expect(await readQrCode(bobsCode)).toBe(bob);
  const statusUrl = await page.getByRole("textbox", { name: "Status page" }).inputValue();

  const reader = await context.newPage();
  await reader.goto(alice);
  await reader.getByRole("button", { name: "Reveal note" }).click();
  await expect(reader.getByText("for two")).toBeVisible();

  const status = await context.newPage();
  await status.goto(statusUrl);
  const rows = status.getByRole("table", { name: "Access log" }).locator("tbody tr");
  await expect(rows).toHaveCount(5);
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => [tr.getAttribute("data-event"), tr.querySelectorAll("td")[2]?.textContent]),
  );
  expect(cells).toEqual([
    ["created", "Everyone"],
    ["created", "Alice"],
    ["created", "Bob"],
    ["read", "Alice"],
    ["burned", "Alice"],
  ]);
  // Bob's link is still live, so the note is: it can still be deleted.
  await expect(status.getByRole("button", { name: "Delete now" })).toBeVisible();
  // Bob's link needs the proof of the key every link carries.
  expect((await api.read(bobId ?? "")).response.status()).toBe(403);
  const proof = await keyProof(bobKey ?? "");
  expect((await api.read(bobId ?? "", { key_proof: proof })).response.status()).toBe(200);
  await expect(rows).toHaveCount(8);
  await expect(status.getByRole("button", { name: "Delete now" })).toHaveCount(0);
});

test("one name is not enough: the error is shown by the recipients box", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Text").fill("x");
  await page.getByLabel("Names, one per line (optional)").fill("Alice");
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.locator("#recipients-error")).toHaveText(
    "The list of recipients must have at least 2 recipients.",
  );
  await expect(page.getByLabel("Names, one per line (optional)")).toBeFocused();
});
