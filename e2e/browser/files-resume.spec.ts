import { randomBytes } from "node:crypto";
import type { Page, Request, Route } from "@playwright/test";
import { downloadBy, fileInput, MiB, sha256, withoutSavePicker } from "../support/files";
import { expect, test } from "./browser-test";

// Uploads that lose their connection go on where they stopped, and a cancelled upload leaves
// nothing: the create page deletes the pending note with every chunk that had arrived.

const CHUNK = /\/api\/v1\/shares\/[A-Za-z0-9]{10}\/files\/0\/chunks\/(\d+)$/;
const chunkOf = (request: Request) => Number(CHUNK.exec(request.url())?.[1] ?? -1);

/** Counts, per chunk index, the PUTs the page sent. */
function countPuts(page: Page): Map<number, number> {
  const puts = new Map<number, number>();
  page.on("request", (request) => {
    if (request.method() === "PUT") puts.set(chunkOf(request), (puts.get(chunkOf(request)) ?? 0) + 1);
  });
  return puts;
}

async function startCreate(page: Page, buffer: Buffer) {
  await page.goto("/");
  await fileInput(page).setInputFiles([
    { name: "resumed.bin", mimeType: "application/octet-stream", buffer },
  ]);
  await page.getByRole("button", { name: "Create note" }).click();
}

async function expectReadable(page: Page, buffer: Buffer) {
  await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error("no browser");
  await withoutSavePicker(context);
  const reader = await context.newPage();
  await reader.goto(url);
  const saved = await downloadBy(reader, () =>
    reader.getByRole("button", { name: "Download resumed.bin" }).click(),
  );
  expect(saved.sha256).toBe(sha256(buffer));
  await context.close();
}

test("a dropped connection is retried, and a chunk that had landed is not sent again", async ({ page }) => {
  const buffer = randomBytes(5 * MiB + 7);
  const puts = countPuts(page);
  const offsets: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && /\/files\/0$/.test(request.url())) {
      offsets.push(request.headers()["x-upload-token"] ?? "");
    }
  });
  let dropped = 0;
  await page.route(CHUNK, async (route: Route) => {
    const index = chunkOf(route.request());
    // Chunk 2 never reaches the server twice; chunk 3 reaches it, and its answer is lost.
    if (index === 2 && dropped < 2) {
      dropped++;
      return route.abort("connectionreset");
    }
    if (index === 3 && (puts.get(3) ?? 0) === 1) {
      const response = await route.fetch();
      expect(response.status()).toBe(204);
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  await startCreate(page, buffer);
  await expect(page.getByText("The connection was lost. Trying again")).toBeVisible();
  await expectReadable(page, buffer);
  expect(Object.fromEntries(puts)).toEqual({ 0: 1, 1: 1, 2: 3, 3: 1, 4: 1, 5: 1 });
  // After each failure the page asked the server how far it had got, with the upload token.
  expect(offsets).toHaveLength(3);
  expect(offsets.every((token) => /^[A-Za-z0-9_-]{43}$/.test(token))).toBe(true);
});

test("going offline halfway waits for the connection and finishes", async ({ page }) => {
  const buffer = randomBytes(4 * MiB);
  let wentOffline = false;
  await page.route(CHUNK, async (route: Route) => {
    if (chunkOf(route.request()) !== 2 || wentOffline) return route.continue();
    wentOffline = true;
    await page.context().setOffline(true);
    return route.abort("internetdisconnected");
  });
  await startCreate(page, buffer);
  await expect(page.getByText("The connection was lost. Trying again")).toBeVisible();
  const overall = page.getByRole("progressbar", { name: "All files" });
  await expect(overall).toHaveAttribute("value", "0.5");
  // Longer than the first pauses: the page waits for "online", not for the next attempt.
  await page.waitForTimeout(2500);
  await expect(overall).toHaveAttribute("value", "0.5");
  await page.context().setOffline(false);
  await expectReadable(page, buffer);
});

test("Cancel stops the upload and deletes the pending note with the chunks it had", async ({
  page,
  api,
  sql,
}) => {
  const buffer = randomBytes(6 * MiB);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CHUNK, async (route: Route) => {
    if (chunkOf(route.request()) === 3) await held;
    return route.continue().catch(() => {});
  });
  const created = page.waitForResponse((response) => response.url().endsWith("/api/v1/shares"));
  await startCreate(page, buffer);
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
