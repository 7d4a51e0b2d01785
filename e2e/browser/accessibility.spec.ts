import type { Browser, TestInfo } from "@playwright/test";
import { adminSecret, siteOrigin } from "../admin/admin-support";
import { answer, createRequest } from "../support/requests";
import { violations, type Found } from "./axe";
import { expect, test, widths } from "./browser-test";
import { lanOrigin, lanPage, launchLanBrowser } from "./lan-browser";

// Every page, in both themes and at both widths, against axe-core's WCAG 2.2 A and AA rules: no
// serious or critical violation. One browser page per theme and width walks through all of them (a
// note is created, shared, revealed, watched; a secret is asked for; the admin signs in), and keeps
// a screenshot of each step in the test's output folder (test-results/), to look at.

const NOTE = [
  "# Checklist",
  "- [x] Tag the release\n- [ ] Run `migrate`",
  "| Step | Owner |\n|---|---|\n| Tag | Ana |",
  "```ts\nconst answer = 42;\n```",
].join("\n\n");

for (const theme of ["light", "dark"] as const) {
  for (const width of widths) {
    test(`every page, ${theme} theme, ${width.name}: no serious or critical WCAG 2.2 AA violation`, async ({
      page,
      api,
    }, testInfo: TestInfo) => {
      await page.setViewportSize(width.viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.context().addCookies([{ name: "theme", value: theme, url: siteOrigin }]);
      const found: Found[] = [];
      const check = async (name: string) => {
        found.push(...(await violations(page, name)));
        await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
      };

      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await check("create");

      await page.getByLabel("Text", { exact: true }).fill(NOTE);
      await page.getByLabel("Read limit").fill("2");
      await page.getByLabel("Password (optional)").fill("hunter2");
      await page.getByRole("button", { name: "Create note" }).click();
      await expect(page.getByRole("img", { name: "QR code of the link" })).toBeVisible();
      await check("result");
      const link = await page.getByRole("textbox", { name: "Link" }).inputValue();
      const status = await page.getByRole("textbox", { name: "Status page" }).inputValue();

      await page.goto(link);
      await expect(page.getByLabel("Password")).toBeVisible();
      await check("password");
      await page.getByLabel("Password").fill("hunter2");
      await page.getByRole("button", { name: "Reveal note" }).click();
      await expect(page.getByRole("article").locator("code").first()).toBeVisible();
      await check("viewer");

      await page.goto(status);
      await expect(
        page.getByRole("table", { name: "Access log" }).locator("tr[data-event=read]"),
      ).toHaveCount(1);
      await check("status");

      const id = await api.createId({
        ttl: "1h",
        pages: [
          { title: "Setup", content: NOTE },
          { title: "Contacts", content: "- Ana: ana@example.com" },
        ],
      });
      await page.goto(`/${id}`);
      await expect(page.getByRole("tab", { name: "Setup" })).toHaveAttribute("aria-selected", "true");
      await check("pages");

      await page.goto("/AAAAAAAAAA");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await check("not-found");

      await page.goto("/requests/new");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ask for a secret");
      await check("request-new");
      const requester = await createRequest(page.request, { title: "Credentials" });
      await page.goto(requester.url);
      await expect(page.getByLabel("Your answer")).toBeVisible();
      await check("request");
      expect((await answer(page.request, requester, "hunter2")).status()).toBe(201);
      await page.goto(`${requester.url}#${requester.privateKey}`);
      await page.getByRole("button", { name: "Open", exact: true }).click();
      await expect(page.getByText("hunter2")).toBeVisible();
      await check("request-private");

      await page.goto("/admin");
      await expect(page.getByLabel("Admin secret")).toBeVisible();
      await check("admin-sign-in");
      await page.getByLabel("Admin secret").fill(adminSecret);
      await page.getByRole("button", { name: "Sign in" }).click();
      const label = `a11y-${theme}-${width.name}`;
      await page.getByLabel("Key label").fill(label);
      await page.getByRole("button", { name: "Issue key" }).click();
      await expect(page.getByLabel("New API key")).toBeVisible();
      // The key shows before the page's refresh is done, and while it is, Next.js swaps the title
      // out (axe once found none); the list names the key once it is.
      const keys = page.getByRole("table", { name: "API keys" }).getByRole("row").filter({ hasText: label });
      await expect(keys).toHaveCount(1);
      await expect(page).toHaveTitle(/\S/);
      await check("admin");

      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    });
  }
}

// The request pages where the browser offers no WebCrypto (plain HTTP on a LAN name, lan-browser.ts):
// their notice and locked forms, in both themes and at both widths.
let lan: Browser;
test.beforeAll(async ({ playwright, launchOptions }) => {
  lan = await launchLanBrowser(playwright, launchOptions);
});
test.afterAll(() => lan.close());

for (const theme of ["light", "dark"] as const) {
  for (const width of widths) {
    test(`request pages over plain HTTP, ${theme} theme, ${width.name}: no serious or critical WCAG 2.2 AA violation`, async ({
      request,
    }, testInfo: TestInfo) => {
      const page = await lanPage(lan, { viewport: width.viewport, colorScheme: theme });
      await page.context().addCookies([{ name: "theme", value: theme, url: lanOrigin }]);
      // Two answers: one given here, one left, so the responder's page still has its (locked) form.
      const requester = await createRequest(request, {
        title: "Credentials",
        instructions: "For the VPN.",
        answers: 2,
      });
      expect((await answer(request, requester, "hunter2")).status()).toBe(201);
      const found: Found[] = [];
      for (const [name, path] of [
        ["request-new-insecure", "/requests/new"],
        ["request-insecure", `/requests/${requester.id}`],
        ["request-private-insecure", `/requests/${requester.id}#${requester.privateKey}`],
      ] as const) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.locator("#requests-unavailable")).toBeVisible();
        found.push(...(await violations(page, name)));
        await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
      }
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
      await page.context().close();
    });
  }
}
