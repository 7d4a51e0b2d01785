import { sealNote } from "../../lib/crypto/envelope";
import { expect, issueKey, test } from "../support/fixtures";
import { signInThroughPage, siteOrigin } from "./admin-support";

// Moderation: a note looked up by id or URL shows its metadata without its content and without a
// view; reviewing shows the content, counts no view and is recorded; deleting takes it down.

test("look a note up by its URL, then delete it after confirming", async ({ page, api }) => {
  const secretText = `moderate-me-${Math.random()}`;
  const id = await api.createId({ content: secretText, ttl: "1d", burn_after: 3, password: "pw" });
  await signInThroughPage(page);
  await page.getByLabel("Note id or URL").fill(`${siteOrigin}/${id}`);
  await page.getByRole("button", { name: "Look up" }).click();

  const details = page.getByRole("definition");
  await expect(page.getByRole("term")).toHaveText([
    "Id",
    "Status",
    "Created",
    "Expires",
    "Reads",
    "Password",
    "Owner key",
    "Format",
    "Size",
    "Pages",
    "Sealed",
    "Encryption",
  ]);
  await expect(details).toHaveText([
    id,
    "live",
    /UTC$/,
    /UTC$/,
    "0 of 3",
    "yes",
    "none (anonymous)",
    "markdown",
    `${secretText.length} bytes`,
    "1",
    "by its password (the server cannot open it)",
    "not end to end",
  ]);
  expect(await page.content()).not.toContain(secretText);
  expect((await api.meta(id)).json.remaining_views).toBe(3);
  // Sealed by its password: moderation cannot open it, and says so.
  await page.getByRole("button", { name: "Review content" }).click();
  await expect(page.getByRole("note")).toHaveText(
    "This note is sealed by its password: the server cannot open it, so its content cannot be " +
      "reviewed here. Its metadata is shown above, and it can still be deleted.",
  );
  expect(await page.content()).not.toContain(secretText);

  await page.getByRole("button", { name: "Delete note…" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  expect((await api.meta(id)).response.status()).toBe(200);
  await expect(page.getByRole("button", { name: "Delete note…" })).toBeFocused();

  await page.getByRole("button", { name: "Delete note…" }).click();
  await page
    .getByRole("group", { name: `Delete note ${id} for good?` })
    .getByRole("button", { name: "Delete note" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "deleted" })).toHaveText(`Note ${id} was deleted.`);
  expect((await api.meta(id)).response.status()).toBe(404);
  await expect(page.getByRole("row").filter({ hasText: "Note deleted" }).filter({ hasText: id })).toHaveCount(
    1,
  );

  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("No such note");
});

test("review shows the content without counting a view, and is recorded", async ({ page, api, sql }) => {
  const key = await issueKey("moderation-owner");
  const id = await api.createId(
    {
      permanent: true,
      burn_after: 1,
      pages: [
        { title: "One", content: "first <b>page</b>" },
        { title: "Two", content: "second page", format: "html" },
      ],
    },
    { "x-api-key": key },
  );
  await signInThroughPage(page);
  await page.getByLabel("Note id or URL").fill(id);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("definition").nth(3)).toHaveText("never (permanent)");
  await expect(page.getByRole("definition").nth(6)).toHaveText(`moderation-owner (${key.slice(0, 12)}…)`);
  await expect(page.getByRole("definition").nth(9)).toHaveText("2");
  await expect(page.getByRole("definition").nth(10)).toHaveText(/^with the server key [\w-]{8}$/);

  await page.getByRole("button", { name: "Review content" }).click();
  const content = page.getByLabel("Note content");
  await expect(content.getByRole("heading")).toHaveText(["Page 1: One (markdown)", "Page 2: Two (html)"]);
  await expect(content.locator("pre")).toHaveText(["first <b>page</b>", "second page"]);

  // Still unread: the one allowed read is left.
  const { rows } = await sql.query("SELECT read_count, burned_at FROM shares WHERE id = $1", [id]);
  expect(rows).toEqual([{ read_count: 0, burned_at: null }]);
  expect((await api.meta(id)).json.remaining_views).toBe(1);

  const audit = await sql.query(
    "SELECT action, subject, client, details FROM admin_audit_log WHERE action = 'note_reviewed' AND subject = $1",
    [id],
  );
  expect(audit.rows).toEqual([
    {
      action: "note_reviewed",
      subject: id,
      client: expect.stringMatching(/127\.0\.0\.1$/),
      details: { page_count: 2 },
    },
  ]);
  await expect(
    page.getByRole("row").filter({ hasText: "Note reviewed" }).filter({ hasText: id }),
  ).toHaveCount(1);
});

test("an end-to-end encrypted note says that the server cannot read it", async ({ page, api }) => {
  const { envelope } = await sealNote("for the reader only");
  const id = await api.createId({ content: envelope, encrypted: true, ttl: "1h" });
  // No view limit: its reads are counted by its access log, and moderation counts them there.
  for (let i = 0; i < 2; i++) expect((await api.read(id)).response.status()).toBe(200);
  await signInThroughPage(page);
  await page.getByLabel("Note id or URL").fill(id);
  await page.getByRole("button", { name: "Look up" }).click();
  const details = page.getByRole("definition");
  await expect(details.nth(4)).toHaveText("2");
  await expect(details.last()).toHaveText(
    "end to end: the server cannot read it (a review shows only its envelope)",
  );
});

test("what is neither an id nor a note URL finds nothing", async ({ page }) => {
  await signInThroughPage(page);
  for (const reference of ["not an id", `${siteOrigin}/api/v1/shares`, "AAAAAAAAAA"]) {
    await page.getByLabel("Note id or URL").fill(reference);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      /^(No such note|That is neither a note id nor a note's URL)/,
    );
  }
});
