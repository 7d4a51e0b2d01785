import type { Browser, Page } from "@playwright/test";
import { answer, createRequest, jsonOf } from "../support/requests";
import { atEachWidth, expect, expectNoSidewaysScroll, test } from "./browser-test";
import { lanOrigin, lanPage, launchLanBrowser } from "./lan-browser";

// The request pages on a LAN origin over plain HTTP (lan-browser.ts), where the browser offers no
// WebCrypto: each says at once what does not work and why, and how to get HTTPS or use localhost,
// and locks its form before anyone types; nothing is sent or fetched.

let lan: Browser;
test.beforeAll(async ({ playwright, launchOptions }) => {
  lan = await launchLanBrowser(playwright, launchOptions);
});
test.afterAll(() => lan.close());

const why = `Browsers encrypt only on pages opened over HTTPS or from localhost, and this page was opened over plain HTTP (${lanOrigin}).`;
const fix =
  "To use this page, open the same link over HTTPS (whoever runs the server puts it behind a proxy with a " +
  `certificate), or on the server's own machine at http://localhost:${process.env.E2E_PORT}.`;

/** The notice, checked word for word, above `first` (the form's first field) and in view at load. */
async function expectNotice(page: Page, summary: string, fails: string, first: string) {
  const notice = page.getByRole("status").filter({ hasText: summary });
  await expect(notice.locator("p")).toHaveText([summary, why, fails, fix]);
  await expect(notice).toBeInViewport();
  const [top, field] = await Promise.all([notice.boundingBox(), page.getByLabel(first).boundingBox()]);
  expect(top!.y + top!.height).toBeLessThanOrEqual(field!.y);
  await expectNoSidewaysScroll(page);
}

/** Every control of the page's form: all disabled. */
const formControlsDisabled = (page: Page) =>
  page.locator("form :is(input, textarea, select, button)").evaluateAll((controls) => ({
    count: controls.length,
    disabled: controls.filter((control) => control.matches(":disabled")).length,
  }));

/** The paths of the API calls the page makes from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

atEachWidth((width) => {
  test("the new request page says it cannot create one here and locks its form", async ({}, testInfo) => {
    const page = await lanPage(lan, { viewport: width.viewport });
    const calls = apiCalls(page);
    await page.goto("/requests/new");
    expect(await page.evaluate(() => globalThis.crypto.subtle === undefined)).toBe(true);
    await expectNotice(
      page,
      "A request cannot be created on this page: it was opened over plain HTTP, where this browser offers no encryption.",
      "What does not work: creating a request. Its key pair is made in this browser, so that only your private " +
        "link opens the answers, and that cannot happen here. The form is locked so that nothing is typed for nothing.",
      "What are you asking for?",
    );
    await expect(page.getByLabel("What are you asking for?")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Create request" })).toBeDisabled();
    await expect(page.getByLabel("Answers may carry files")).toBeDisabled();
    expect(await formControlsDisabled(page)).toEqual({ count: 7, disabled: 7 });
    await page.screenshot({ path: testInfo.outputPath("request-new-insecure.png"), fullPage: true });
    expect(calls).toEqual([]);
    await page.context().close();
  });

  test("the responder's page shows the request, says it cannot be answered here, and locks the form", async ({
    request,
  }, testInfo) => {
    const requester = await createRequest(request, {
      title: "Database password",
      instructions: "The staging one, please.",
    });
    const page = await lanPage(lan, { viewport: width.viewport });
    const calls = apiCalls(page);
    await page.goto(`/requests/${requester.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Database password");
    await expect(page.getByText("The staging one, please.")).toBeVisible();
    await expectNotice(
      page,
      "This request cannot be answered on this page: it was opened over plain HTTP, where this browser offers no encryption.",
      "What does not work: answering. Your answer is encrypted in this browser, to a key only the person who asked " +
        "holds, before it is sent, and that cannot happen here. The form is locked so that no secret is typed for nothing.",
      "Your answer",
    );
    await expect(page.getByLabel("Your answer")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Encrypt and send" })).toBeDisabled();
    expect(await formControlsDisabled(page)).toEqual({ count: 2, disabled: 2 });
    await page.screenshot({ path: testInfo.outputPath("request-answer-insecure.png"), fullPage: true });
    expect(calls).toEqual([]);
    const stored = await jsonOf(await request.get(`/api/v1/requests/${requester.id}`));
    expect([stored.status, stored.answers_left]).toEqual(["open", 1]);
    await page.context().close();
  });

  test("the requester's private page says it cannot open the answers here, before fetching anything", async ({
    request,
  }, testInfo) => {
    const requester = await createRequest(request, { title: "API token" });
    expect((await answer(request, requester, "s3cret")).status()).toBe(201);
    const page = await lanPage(lan, { viewport: width.viewport });
    const calls = apiCalls(page);
    await page.goto(`/requests/${requester.id}#${requester.privateKey}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API token");
    const notice = page.getByRole("status");
    await expect(notice.locator("p")).toHaveText([
      "The answers cannot be opened on this page: it was opened over plain HTTP, where this browser offers no encryption.",
      why,
      "What does not work: opening the answers. They are decrypted in this browser with the private link's key, " +
        "and that cannot happen here. Nothing was fetched, and no answer was marked as read.",
      fix,
    ]);
    await expect(notice).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole("heading", { name: "Answers to your request" })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("request-private-insecure.png"), fullPage: true });
    expect(calls).toEqual([]);
    const listed = await jsonOf(
      await request.get(`/api/v1/requests/${requester.id}/answers`, { headers: requester.owner }),
    );
    expect(listed.answers).toMatchObject([{ number: 1, read_at: null }]);
    await page.context().close();
  });
});
