import { randomBytes } from "node:crypto";
import type { Browser, Page, Request, Route } from "@playwright/test";
import { fileInput, MiB } from "../support/files";
import { expect } from "./browser-test";
import { expectSavedAsSent, readerPage } from "./file-pages";

// An upload from the create page of the server at `base` whose connection drops, as the resume specs
// drive it: on the shared server (files-resume.spec.ts) and the other storages
// (files-storages.spec.ts). The page's requests for the first file's chunks are intercepted.

export const CHUNK = /\/api\/v1\/shares\/[A-Za-z0-9]{10}\/files\/0\/chunks\/(\d+)$/;
export const chunkOf = (request: Request) => Number(CHUNK.exec(request.url())?.[1] ?? -1);

const resumed = (buffer: Buffer) => ({ name: "resumed.bin", mimeType: "application/octet-stream", buffer });

/** Sends `buffer` as the file resumed.bin from the create page of `base`. */
export async function startCreate(page: Page, base: string, buffer: Buffer) {
  await page.goto(`${base}/`);
  await fileInput(page).setInputFiles([resumed(buffer)]);
  await page.getByRole("button", { name: "Create note" }).click();
}

/** The note is ready, and a reader's browser of its own saves resumed.bin as `buffer`. */
export async function expectReadable(page: Page, browser: Browser, buffer: Buffer) {
  await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible();
  const reader = await readerPage(browser, await page.getByRole("textbox", { name: "Link" }).inputValue());
  await expectSavedAsSent(reader, [resumed(buffer)]);
  await reader.context().close();
}

/** Counts, per chunk index, the PUTs the page sent. */
function countPuts(page: Page): Map<number, number> {
  const puts = new Map<number, number>();
  page.on("request", (request) => {
    if (request.method() === "PUT") puts.set(chunkOf(request), (puts.get(chunkOf(request)) ?? 0) + 1);
  });
  return puts;
}

/**
 * Chunk 2 of a 6-chunk file never reaches the server twice, and chunk 3 reaches it but its answer is
 * lost: the page tries again, asks the server (with the upload token) how far it got after each
 * failure, sends chunk 3 no second time, and the file arrives whole.
 */
export async function expectDroppedUploadResumes(page: Page, browser: Browser, base: string) {
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
  await startCreate(page, base, buffer);
  await expect(page.getByText("The connection was lost. Trying again")).toBeVisible();
  await expectReadable(page, browser, buffer);
  expect(Object.fromEntries(puts)).toEqual({ 0: 1, 1: 1, 2: 3, 3: 1, 4: 1, 5: 1 });
  expect(offsets).toHaveLength(3);
  expect(offsets.every((token) => /^[A-Za-z0-9_-]{43}$/.test(token))).toBe(true);
}
