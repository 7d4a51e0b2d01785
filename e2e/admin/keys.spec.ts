import type { Page } from "@playwright/test";
import { expect, expectError, test } from "../support/fixtures";
import {
  issueKeyByRequest,
  sameOrigin,
  signInByRequest,
  signInThroughPage,
  uniqueLabel,
} from "./admin-support";

// Keys on the admin page: issued and shown once, listed with their use, revoked with a
// confirmation, all through the same lib/keys functions as `npm run keys`.

const keyRows = (page: Page) => page.getByRole("table", { name: "API keys" }).getByRole("row");

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("issue a key, shown once with a copy button; it creates a permanent HTML note", async ({
  page,
  api,
  sql,
}) => {
  await signInThroughPage(page);
  const label = uniqueLabel("page-issued");
  await page.getByLabel("Key label").fill(label);
  await page.getByRole("button", { name: "Issue key" }).click();

  const shown = page.getByRole("textbox", { name: "New API key" });
  await expect(shown).toHaveValue(/^nsk_[A-Za-z0-9]{43}$/);
  const key = await shown.inputValue();
  await expect(page.getByText("this is the only time it is shown")).toBeVisible();
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toHaveText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const { response, json } = await api.create(
    { content: "<h1>Runbook</h1><script>x()</script>", format: "html", permanent: true },
    { "x-api-key": key },
  );
  expect(response.status()).toBe(201);
  expect(json).toMatchObject({ content_type: "html", expires_at: null, owned: true, api_key: true });

  // Only the hash is stored, and the key is never shown again.
  const { rows } = await sql.query("SELECT * FROM api_keys WHERE label = $1", [label]);
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(rows)).not.toContain(key);
  await page.reload();
  const row = keyRows(page).filter({ hasText: label });
  await expect(row.getByRole("cell")).toHaveText([
    key.slice(0, 12) + "…",
    "Issued by an admin",
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/,
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/,
    "1",
    "1",
    "—",
    "Revoke…",
  ]);
  expect(await page.content()).not.toContain(key);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: "Key issued" })
      .filter({ hasText: key.slice(0, 12) }),
  ).toHaveCount(1);
});

test("revoke with a confirmation; then the API answers 401 bad_api_key", async ({ page, api }) => {
  await signInThroughPage(page);
  const issued = await issueKeyByRequest(page.request, uniqueLabel("to-revoke"));
  await page.reload();
  const row = keyRows(page).filter({ hasText: issued.label });

  await row.getByRole("button", { name: "Revoke…" }).click();
  const confirm = row.getByRole("group", { name: `Revoke "${issued.label}"?` });
  await expect(confirm.getByRole("button", { name: "Revoke key" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await api.createId({ content: "still fine", ttl: "1h" }, { "x-api-key": issued.key });

  await row.getByRole("button", { name: "Revoke…" }).click();
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(row.getByRole("cell").nth(6)).toHaveText(/UTC$/);
  await expect(row.getByRole("button", { name: "Revoke…" })).toHaveCount(0);
  await expectError(
    api.create({ content: "no", ttl: "1h" }, { "x-api-key": issued.key }),
    401,
    "bad_api_key",
  );
  await expect(
    page.getByRole("row").filter({ hasText: "Key revoked" }).filter({ hasText: issued.prefix }),
  ).toHaveCount(1);
});

test("the list filters by status and sorts", async ({ page, request }) => {
  await signInByRequest(request);
  const tag = Math.random().toString(36).slice(2, 8);
  const active = await issueKeyByRequest(request, `a-active-${tag}`);
  const revoked = await issueKeyByRequest(request, `b-revoked-${tag}`);
  const revoke = await request.post(`/admin/api/keys/${revoked.id}/revoke`, { headers: sameOrigin });
  expect(revoke.status()).toBe(200);
  await signInThroughPage(page);

  const labels = async () =>
    (await page.getByRole("rowheader").allTextContents()).filter((l) => l.endsWith(tag));
  await page.getByLabel("Status").selectOption("active");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=active/);
  expect(await labels()).toEqual([active.label]);
  await page.getByLabel("Status").selectOption("revoked");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=revoked/);
  expect(await labels()).toEqual([revoked.label]);
  await page.goto("/admin?status=all&sort=label");
  expect(await labels()).toEqual([active.label, revoked.label]);
  await page.goto("/admin?status=all&sort=created");
  expect(await labels()).toEqual([revoked.label, active.label]);
});

test("a key that cannot be stored shows key_generation_failed as an error", async ({ page, request }) => {
  await signInByRequest(request);
  // Postgres text cannot hold U+0000, so the insert fails inside the database.
  const response = await request.post("/admin/api/keys", {
    headers: sameOrigin,
    data: { label: "nul\u0000" },
  });
  expect(response.status()).toBe(503);
  expect(await response.json()).toMatchObject({ error: "key_generation_failed" });

  await signInThroughPage(page);
  await page.getByLabel("Key label").evaluate((input: HTMLInputElement) => (input.value = "nul\u0000label"));
  await page.getByRole("button", { name: "Issue key" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "The new API key could not be stored; please retry.",
  );
  await expect(page.getByRole("textbox", { name: "New API key" })).toHaveCount(0);
});
