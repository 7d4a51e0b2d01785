import { randomBytes } from "node:crypto";
import type { Route } from "@playwright/test";
import { MiB } from "../support/files";
import { expect, test } from "./browser-test";
import { CHUNK, chunkOf, expectDroppedUploadResumes, expectReadable, startCreate } from "./file-resume";

// Uploads that lose their connection go on where they stopped, and a cancelled upload leaves
// nothing: the create page deletes the pending note with every chunk that had arrived. (The dropped
// connection on the other storages: files-storages.spec.ts.)

test("a dropped connection is retried, and a chunk that had landed is not sent again", async ({
  page,
  browser,
  baseURL,
}) => {
  await expectDroppedUploadResumes(page, browser, baseURL ?? "");
});

test("going offline halfway waits for the connection and finishes", async ({ page, browser, baseURL }) => {
  const buffer = randomBytes(4 * MiB);
  let wentOffline = false;
  await page.route(CHUNK, async (route: Route) => {
    if (chunkOf(route.request()) !== 2 || wentOffline) return route.continue();
    wentOffline = true;
    await page.context().setOffline(true);
    return route.abort("internetdisconnected");
  });
  await startCreate(page, baseURL ?? "", buffer);
  await expect(page.getByText("The connection was lost. Trying again")).toBeVisible();
  const overall = page.getByRole("progressbar", { name: "All files" });
  await expect(overall).toHaveAttribute("value", "0.5");
  // Longer than the first pauses: the page waits for "online", not for the next attempt.
  await page.waitForTimeout(2500);
  await expect(overall).toHaveAttribute("value", "0.5");
  await page.context().setOffline(false);
  await expectReadable(page, browser, buffer);
});

test("Cancel stops the upload and deletes the pending note with the chunks it had", async ({
  page,
  api,
  sql,
  baseURL,
}) => {
  const buffer = randomBytes(6 * MiB);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CHUNK, async (route: Route) => {
    if (chunkOf(route.request()) === 3) await held;
    return route.continue().catch(() => {});
  });
  const created = page.waitForResponse((response) => response.url().endsWith("/api/v1/shares"));
  await startCreate(page, baseURL ?? "", buffer);
  const id = ((await (await created).json()) as { id: string }).id;
  await expect(page.getByRole("progressbar", { name: "Progress of resumed.bin" })).toHaveAttribute(
    "value",
    "0.5",
  );
  const files = await sql.query<{ id: string }>("SELECT id FROM note_files WHERE share_id = $1", [id]);
  const fileIds = files.rows.map((row) => row.id);
  expect(fileIds).toHaveLength(1);
  const stored = () => sql.query("SELECT 1 FROM file_chunks WHERE file_id = ANY($1::uuid[])", [fileIds]);
  expect((await stored()).rowCount).toBe(3);

  const deleted = page.waitForResponse((response) => response.request().method() === "DELETE");
  await page.getByRole("button", { name: "Cancel" }).click();
  expect((await deleted).status()).toBe(204);
  release();
  await expect(page.locator("#files-error")).toHaveText(
    "Cancelled: the note and whatever of its files had arrived were deleted.",
  );
  await expect(page.getByRole("list", { name: "Files to send" }).getByRole("listitem")).toHaveCount(1);
  expect((await api.meta(id)).response.status()).toBe(404);
  expect((await stored()).rowCount).toBe(0);
});
