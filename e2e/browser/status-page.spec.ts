import { keyProof } from "../../lib/crypto/envelope";
import { expect, expectNoSidewaysScroll, test } from "./browser-test";

// The create page's private status link: the delete token rides in the fragment (never sent to the
// server), and the page shows the note's access log as it grows, and deletes the note.

test("the status link shows each read as it happens, and deletes the note", async ({
  page,
  api,
  context,
}) => {
  await page.goto("/");
  await page.getByLabel("Text").fill("watched");
  await page.getByRole("button", { name: "Create note" }).click();
  const statusUrl = await page.getByRole("textbox", { name: "Status page" }).inputValue();
  const link = new URL(await page.getByRole("textbox", { name: "Link" }).inputValue());
  const id = link.pathname.slice(1);
  const token = await page.getByRole("textbox", { name: "Delete token" }).inputValue();
  expect(statusUrl).toBe(`${new URL(page.url()).origin}/status/${id}#${token}`);

  const requested: string[] = [];
  const status = await context.newPage();
  status.on("request", (request) => requested.push(request.url()));
  await status.goto(statusUrl);
  const log = status.getByRole("table", { name: "Access log" });
  await expect(log.locator("tbody tr")).toHaveCount(1);
  await expect(log.locator("tr[data-event=created]")).toHaveCount(1);

  const read = await api.read(id, { key_proof: await keyProof(link.hash.slice(1)) });
  expect(read.response.status()).toBe(200);
  // Polled: the read appears without a reload.
  await expect(log.locator("tr[data-event=read]")).toHaveCount(1);
  // The API's client (Playwright's, by its own name) is no browser; this headless Chromium is Chrome.
  await expect(log.locator("tr[data-event=read] td").last()).toHaveText(/^other · [0-9a-f]{8}$/);
  const reader = await context.newPage();
  await reader.goto(link.href);
  await expect(reader.getByRole("article")).toHaveText("watched");
  await expect(log.locator("tr[data-event=read]")).toHaveCount(2);
  await expect(log.locator("tr[data-event=read] td").last()).toHaveText(/^Chrome · [0-9a-f]{8}$/);
  expect(await log.locator("thead th").allTextContents()).toEqual(["When", "What", "Reads left", "Reader"]);
  // A table that reads as one: headings over their values, ruled rows, room before the button.
  await expect(log.locator("thead th").first()).toHaveCSS("text-align", "start");
  await expect(log.locator("tbody td").first()).toHaveCSS("border-bottom-style", "solid");
  const tableBox = await log.boundingBox();
  const buttonBox = await status.getByRole("button", { name: "Delete now" }).boundingBox();
  expect((buttonBox?.y ?? 0) - ((tableBox?.y ?? 0) + (tableBox?.height ?? 0))).toBeGreaterThanOrEqual(16);
  for (const url of requested) expect(url).not.toContain(token);

  status.once("dialog", (dialog) => void dialog.accept());
  await status.getByRole("button", { name: "Delete now" }).click();
  await expect(log.locator("tr[data-event=deleted]")).toHaveCount(1);
  await expect(status.getByRole("button", { name: "Delete now" })).toHaveCount(0);
  expect((await api.meta(id)).response.status()).toBe(404);
});

test("a note's reads left start at its read limit, on the created row", async ({ page, api }) => {
  const { json } = await api.create({ content: "x", ttl: "1h", burn_after: 2 });
  await page.goto(`/status/${json.id as string}#${json.delete_token as string}`);
  const created = page.getByRole("table", { name: "Access log" }).locator("tr[data-event=created] td");
  await expect(created).toHaveText([/\S/, "Created", "2", "—"]);
});

test("a status link without its token, or with another note's, shows nothing", async ({ page, api }) => {
  const id = await api.createId({ content: "x", ttl: "1h" });
  const other = await api.create({ content: "y", ttl: "1h" });
  for (const fragment of ["", `#${other.json.delete_token as string}`]) {
    await page.goto(`/status/${id}${fragment}`);
    await expect(page.locator("p[role=alert]")).toHaveText(
      "Nothing to show: this status link is incomplete, or the log was deleted.",
    );
    await expect(page.getByRole("table")).toHaveCount(0);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("each entry of the log is a block of labelled lines, nothing off the side", async ({ page, api }) => {
    const { json } = await api.create({ content: "x", ttl: "1h" });
    await page.goto(`/status/${json.id as string}#${json.delete_token as string}`);
    const cells = page.getByRole("table", { name: "Access log" }).locator("tr[data-event=created] td");
    await expect(cells).toHaveCount(4);
    const labels = await cells.evaluateAll((tds) =>
      tds.map((td) => getComputedStyle(td, "::before").content),
    );
    expect(labels).toEqual(['"When"', '"What"', '"Reads left"', '"Reader"']);
    await expectNoSidewaysScroll(page);
  });
});
