import { atEachWidth, expect, expectNoSidewaysScroll, issueKey, test } from "./browser-test";

// The result of the create page tells its creator how to take the note down early, and does it.

const explanation =
  "Keep this delete token to take the note down before it expires. Anyone who has it can delete the note, so keep it private; it is shown only here.";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

atEachWidth(() => {
  test("a keyless note: the token is shown, copied, and 'Delete now' takes the note down", async ({
    page,
    api,
  }) => {
    await page.goto("/");
    await page.getByLabel("Text").fill("to be deleted");
    await page.getByRole("button", { name: "Create note" }).click();

    const result = page.getByRole("region", { name: "Delete it early" });
    await expect(result.getByText(explanation)).toBeVisible();
    const token = page.getByRole("textbox", { name: "Delete token" });
    await expect(token).toHaveValue(/^ndt_[A-Za-z0-9]{43}$/);
    await expect(token).toHaveAttribute("readonly", "");
    await result.getByRole("button", { name: "Copy token" }).click();
    await expect(result.getByRole("status")).toHaveText("Copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await token.inputValue());
    await expectNoSidewaysScroll(page);

    const id = new URL(await page.getByRole("textbox", { name: "Link" }).inputValue()).pathname.slice(1);
    await result.getByRole("button", { name: "Delete now…" }).click();
    const confirm = page.getByRole("group", { name: "Delete this note for good?" });
    await expect(confirm.getByRole("button", { name: "Delete note" })).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect((await api.meta(id)).response.status()).toBe(200);

    await result.getByRole("button", { name: "Delete now…" }).click();
    await confirm.getByRole("button", { name: "Delete note" }).click();
    const done = page.getByRole("status").filter({ hasText: "The note is deleted." });
    await expect(done).toHaveText("The note is deleted. Its link no longer opens anything.");
    await expect(done).toBeFocused();
    expect((await api.meta(id)).response.status()).toBe(404);
  });

  test("a keyed note has no token: its key deletes it", async ({ page, api }) => {
    const key = await issueKey();
    await page.goto("/");
    await page.getByLabel("Text").fill("keyed");
    await page.getByLabel("API key (optional)").fill(key);
    await page.getByRole("button", { name: "Create note" }).click();

    const result = page.getByRole("region", { name: "Delete it early" });
    await expect(
      result.getByText("The API key that created this note can delete it before it expires."),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Delete token" })).toHaveCount(0);
    const id = new URL(await page.getByRole("textbox", { name: "Link" }).inputValue()).pathname.slice(1);
    await result.getByRole("button", { name: "Delete now…" }).click();
    await page.getByRole("button", { name: "Delete note" }).click();
    await expect(page.getByText("The note is deleted. Its link no longer opens anything.")).toBeVisible();
    expect((await api.meta(id)).response.status()).toBe(404);
  });
});
