import type { Page } from "@playwright/test";
import { generateRequestKeys } from "../../lib/crypto/request-envelope";
import { peopleSpec } from "../support/people-spec";
import { expect, test } from "./browser-test";

// /me lists a person's notes, and their requests, a hundred at a time, newest first, with links to
// the older ones and back to the newest (against a real provider; lib/people/list-own-things.test.ts
// has the paging's edges).
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

const { app, sameSite, signedIn, people } = peopleSpec({
  databaseName: "people_notes_pages",
  env: async () => ({}),
});

/** The ids of the rows of one of /me's tables, in its order. */
const rowsOf = (page: Page, table: string, attribute: string) => () =>
  page
    .getByRole("table", { name: table })
    .locator("tbody tr")
    .evaluateAll((rows, name) => rows.map((row) => row.getAttribute(name)), attribute);

test("/me shows the newest hundred notes, links to the older ones, and back to the newest", async ({
  browser,
}) => {
  const page = await signedIn(browser, "alice");
  const ids: string[] = [];
  for (let index = 0; index < 101; index += 1) {
    const response = await page.request.post(`${app()}/api/v1/shares`, {
      headers: sameSite(),
      data: { content: `note ${index}`, ttl: "1h" },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  const newestHundred = ids.toReversed().slice(0, 100);
  const listed = rowsOf(page, "Your notes", "data-note");
  const pages = page.getByRole("navigation", { name: "Pages of your notes" });

  await page.goto(`${app()}/me`);
  expect(await listed()).toEqual(newestHundred);
  await expect(pages.getByRole("link")).toHaveText(["Older notes"]);

  await pages.getByRole("link", { name: "Older notes" }).click();
  await expect(page).toHaveURL(new RegExp(`^${app()}/me\\?notes_after=\\d+#notes-heading$`));
  await expect.poll(listed).toEqual([ids[0]]);
  await expect(pages.getByRole("link")).toHaveText(["Newest notes"]);

  await pages.getByRole("link", { name: "Newest notes" }).click();
  await expect(page).toHaveURL(`${app()}/me#notes-heading`);
  await expect.poll(listed).toEqual(newestHundred);
});

test("/me pages the requests apart from the notes, each list keeping its own place", async () => {
  const page = people.alice!;
  const keys = await generateRequestKeys();
  const ids: string[] = [];
  for (let index = 0; index < 101; index += 1) {
    const response = await page.request.post(`${app()}/api/v1/requests`, {
      headers: sameSite(),
      data: {
        title: `request ${index}`,
        ttl: "1h",
        public_key: keys.publicKey,
        owner_proof: keys.ownerProof,
      },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  const newestHundred = ids.toReversed().slice(0, 100);
  const requests = rowsOf(page, "Your requests", "data-request");
  const notes = rowsOf(page, "Your notes", "data-note");
  const pages = page.getByRole("navigation", { name: "Pages of your requests" });

  await page.goto(`${app()}/me`);
  expect(await requests()).toEqual(newestHundred);
  await expect(pages.getByRole("link")).toHaveText(["Older requests"]);
  const newestNotes = await notes();
  expect(newestNotes).toHaveLength(100);

  await pages.getByRole("link", { name: "Older requests" }).click();
  await expect(page).toHaveURL(new RegExp(`^${app()}/me\\?requests_after=\\d+-\\w{10}#requests-heading$`));
  await expect.poll(requests).toEqual([ids[0]]);
  await expect(page.getByRole("table", { name: "Your requests" })).toContainText("request 0");
  await expect(pages.getByRole("link")).toHaveText(["Newest requests"]);
  // The notes stay on their newest page.
  expect(await notes()).toEqual(newestNotes);

  await pages.getByRole("link", { name: "Newest requests" }).click();
  await expect(page).toHaveURL(`${app()}/me#requests-heading`);
  await expect.poll(requests).toEqual(newestHundred);
});
