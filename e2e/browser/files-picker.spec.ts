import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { fileInput, MiB } from "../support/files";
import { atEachWidth, expect, expectNoSidewaysScroll, test } from "./browser-test";

// The create page's file picker: dropped and chosen files join one list, each with its size and a
// Remove button; the server's limits are shown, and checked before anything is sent.

/** Drops files made in the page (name and size; their bytes are zeros) on the drop zone. */
async function drop(page: Page, files: { name: string; size: number; type?: string }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { name, size, type } of list) {
      transfer.items.add(new File([new Uint8Array(size)], name, { type: type ?? "" }));
    }
    return transfer;
  }, files);
  // A dragover sent before React has hydrated the page finds no handler (seen once in CI): send it
  // again until the zone shows it is a drop target.
  await expect(async () => {
    await page.getByTestId("drop-zone").dispatchEvent("dragover", { dataTransfer });
    await expect(page.getByTestId("drop-zone")).toHaveClass(/dragging/, { timeout: 1_000 });
  }).toPass();
  await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer });
}

/** Counts the creates the page sends, to prove that none was. */
function countCreates(page: Page) {
  const creates: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") creates.push(request.url());
  });
  return creates;
}

const chosen = (page: Page) => page.getByRole("list", { name: "Files to send" }).getByRole("listitem");

atEachWidth(({ name: width }) => {
  test("dropped and chosen files are listed with their sizes, and can be removed", async ({ page }) => {
    await page.goto("/");
    // playwright.config.ts raises FILE_MAX_BYTES for every test server.
    await expect(page.getByText("Up to 10 files, each up to 256 MiB, 500 MiB in all.")).toBeVisible();
    await drop(page, [
      { name: "report.pdf", size: 1536, type: "application/pdf" },
      { name: `a-very-long-name-${"x".repeat(80)}.txt`, size: 3 * MiB },
    ]);
    await expect(page.getByTestId("drop-zone")).not.toHaveClass(/dragging/);
    await fileInput(page).setInputFiles([
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") },
    ]);
    await expect(chosen(page)).toHaveText([
      /report\.pdf\s*1\.5 KiB\s*Remove/,
      /a-very-long-name-x+\.txt\s*3 MiB\s*Remove/,
      /notes\.txt\s*2 B\s*Remove/,
    ]);
    await expect(page.getByText("3 files, 3 MiB in all")).toBeVisible();
    await expectNoSidewaysScroll(page);
    // On a laptop each file is one line: name, size and button side by side.
    const row = await chosen(page).first().boundingBox();
    const button = await page.getByRole("button", { name: "Remove report.pdf" }).boundingBox();
    if (width === "desktop") expect(row?.height ?? 0).toBeLessThan((button?.height ?? 0) * 2);

    await page.getByRole("button", { name: "Remove report.pdf" }).click();
    await expect(chosen(page)).toHaveText([/a-very-long-name/, /notes\.txt/]);
    await page.getByRole("button", { name: /^Remove a-very-long-name/ }).click();
    await page.getByRole("button", { name: "Remove notes.txt" }).click();
    await expect(chosen(page)).toHaveCount(0);
  });
});

test.describe("dark theme", () => {
  test.use({ colorScheme: "dark" });

  test("the picker's button is the site's, in the theme; the browser's 'No file chosen' is not shown", async ({
    page,
  }) => {
    await page.goto("/");
    const choose = page.locator("label", { hasText: "Add files" });
    await expect(choose).toHaveCSS("border-top-style", "solid");
    await expect(choose).toHaveCSS("color", "rgb(230, 232, 235)");
    // The input itself stays for the keyboard and screen readers, its own words out of sight.
    expect((await fileInput(page).boundingBox())?.width).toBeLessThanOrEqual(1);
    await fileInput(page).focus();
    await expect(choose).toHaveCSS("outline-style", "solid");
  });
});

test("too many files, or one over the limit, are refused before anything is sent", async ({ page }) => {
  const creates = countCreates(page);
  await page.goto("/");
  await page.getByLabel("Text").fill("with files");
  await drop(
    page,
    Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, size: 1 })),
  );
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.locator("#files-error")).toHaveText("A note can carry at most 10 files: remove some.");
  await expect(fileInput(page)).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("button", { name: "Remove f10.txt" }).click();
  await page.getByRole("button", { name: "Remove f9.txt" }).click();
  // A sparse file: its size is all that matters, and the page never reads it.
  const folder = await mkdtemp(join(tmpdir(), "notes-files-"));
  const big = join(folder, "big.iso");
  await writeFile(big, "");
  await truncate(big, 256 * MiB + 1);
  await fileInput(page).setInputFiles(big);
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.locator("#files-error")).toHaveText(
    "big.iso is larger than the limit of 256 MiB per file.",
  );
  expect(creates).toEqual([]);
  await rm(folder, { recursive: true, force: true });
});

test("a note of files alone needs no text; without files the text is still required", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByText("Write something first: the note is empty.")).toBeVisible();
  await fileInput(page).setInputFiles([
    { name: "only.txt", mimeType: "text/plain", buffer: Buffer.from("x") },
  ]);
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible();
});

atEachWidth(() => {
  test("the viewer's file list fits: long names wrap, every file keeps its button", async ({
    page,
    browser,
  }) => {
    const name = `quarterly-report-${"long-".repeat(20)}final.pdf`;
    await page.goto("/");
    await fileInput(page).setInputFiles([
      { name, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") },
      { name: "key.pem", mimeType: "application/x-pem-file", buffer: Buffer.from("-----BEGIN") },
    ]);
    await page.getByRole("button", { name: "Create note" }).click();
    const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
    const reader = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    await reader.goto(url);
    await expect(reader.getByRole("region", { name: "2 files" }).getByRole("listitem")).toHaveText([
      /quarterly-report-.*final\.pdf\s*application\/pdf\s*8 B\s*Download/,
      /key\.pem\s*application\/x-pem-file\s*10 B\s*Download/,
    ]);
    await expect(reader.getByRole("button", { name: `Download ${name}` })).toBeInViewport({ ratio: 0 });
    await expectNoSidewaysScroll(reader);
    await reader.close();
  });
});
