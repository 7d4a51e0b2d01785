import { peopleSpec } from "../support/people-spec";
import { expect, test } from "./browser-test";

// /me lists a person's notes a hundred at a time, newest first, with links to the older ones and
// back to the newest (against a real provider; lib/people/list-own-things.test.ts has the paging's
// edges).
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

const { app, sameSite, signedIn } = peopleSpec({ databaseName: "people_notes_pages", env: async () => ({}) });

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
  const listed = () =>
    page
      .getByRole("table", { name: "Your notes" })
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-note")));
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
