import { expect, expectNoSidewaysScroll, test, widths } from "./browser-test";
import { answer, createRequest } from "../support/requests";

// The requests pages' states against the shared test server: German, a phone's width, the headers
// that keep a request's link out of caches, the closed, expired and deleted states, and the
// private key a browser remembers.

test.describe("German, on a phone", () => {
  test.use({ locale: "de-DE", viewport: widths[0].viewport });

  test("the create page and a request's page speak German and fit the width", async ({ page, request }) => {
    await page.goto("/requests/new");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Um ein Geheimnis bitten");
    await expect(page.getByLabel("Anzahl Antworten")).toHaveValue("1");
    await expectNoSidewaysScroll(page);

    const requester = await createRequest(request, { title: "Zugangsdaten", answers: 3 });
    await page.goto(requester.url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zugangsdaten");
    await expect(page.getByText("Sie nimmt noch 3 Antworten an.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Verschlüsseln und senden" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test("a request's page is noindex and no-store; an expired one is the site's 404", async ({
  page,
  request,
  sql,
}) => {
  const requester = await createRequest(request);
  const response = await page.goto(requester.url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");

  await sql.query("UPDATE requests SET expires_at = now() - interval '1 second' WHERE id = $1", [
    requester.id,
  ]);
  expect((await page.goto(requester.url))?.status()).toBe(404);
});

test("an answer to a request closed meanwhile says it is closed; a closed request takes none", async ({
  page,
  request,
}) => {
  const requester = await createRequest(request);
  await page.goto(requester.url);
  await page.getByLabel("Your answer").fill("too late");
  expect((await answer(request, requester, "first")).status()).toBe(201);
  await page.getByRole("button", { name: "Encrypt and send" }).click();
  await expect(page.getByText("This request took all its answers and accepts no more.")).toBeVisible();

  await page.reload();
  await expect(page.getByText("This request took all its answers and accepts no more.")).toBeVisible();
  await expect(page.getByLabel("Your answer")).toHaveCount(0);
});

test("the private link deletes the request with its answers", async ({ page, request }) => {
  const requester = await createRequest(request, { answers: 2 });
  expect((await answer(request, requester, "one")).status()).toBe(201);
  await page.goto(`${requester.url}#${requester.privateKey}`);
  await expect(page.getByRole("article", { name: "Answer 1" })).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("No answers yet.")).toBeVisible();
  await page.getByRole("button", { name: "Delete this request and all its answers" }).click();
  await expect(page.getByRole("status")).toHaveText("The request and its answers were deleted.");
  expect((await request.get(`/api/v1/requests/${requester.id}`)).status()).toBe(404);
});

test("only a browser that remembers the private key offers to forget it, and forgetting is seen", async ({
  page,
  request,
}) => {
  const forget = page.getByRole("button", { name: "Forget the private key in this browser" });
  const elsewhere = await createRequest(request);
  await page.goto(`${elsewhere.url}#${elsewhere.privateKey}`);
  await expect(page.getByText("No answers yet.")).toBeVisible();
  await expect(forget).toHaveCount(0);

  await page.goto("/requests/new");
  await page.getByLabel("What are you asking for?").fill("Remembered");
  await page.getByLabel("Remember the private key in this browser").check();
  await page.getByRole("button", { name: "Create request" }).click();
  await page.getByRole("link", { name: "Open the answers" }).click();
  await expect(page.getByText("No answers yet.")).toBeVisible();
  await forget.click();
  await expect(forget).toHaveCount(0);
  // The public link no longer offers the answers in this browser.
  await page.goto(new URL(page.url()).pathname);
  await expect(page.getByLabel("Your answer")).toBeVisible();
  await expect(page.getByText("You created this request in this browser.")).toHaveCount(0);
});
