import { expect, test } from "../support/fixtures";
import { adminSecret, issueKeyByRequest, signInByRequest, uniqueLabel } from "./admin-support";

// The admin page in German: its words from the catalog, its times in UTC as Intl writes them in German.

const germanUtcTime = /^\d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d UTC$/;

test.use({ locale: "de-DE" });

test("sign-in, keys table and audit log speak German with German UTC times", async ({ page, request }) => {
  await signInByRequest(request);
  const label = uniqueLabel("german");
  const issued = await issueKeyByRequest(request, label);

  await page.goto("/admin");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle("Verwaltung · Notizen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notizen-Verwaltung");
  await page.getByLabel("Admin-Geheimnis").fill(`${adminSecret}x`);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Das ist nicht das Admin-Geheimnis.");
  await page.getByLabel("Admin-Geheimnis").fill(adminSecret);
  await page.getByRole("button", { name: "Anmelden" }).click();

  await expect(page.getByRole("heading", { name: "API-Schlüssel", level: 2 })).toBeVisible();
  await expect(page.getByText(/^Angemeldet bis /)).toHaveText(
    /^Angemeldet bis \d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d UTC$/,
  );
  const table = page.getByRole("table", { name: "API-Schlüssel" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Bezeichnung",
    "Präfix",
    "Inhaber",
    "Erstellt",
    "Zuletzt benutzt",
    "Erstellte Notizen",
    "Aktive Notizen",
    "Widerrufen",
    "Aktionen",
  ]);
  const row = table.getByRole("row").filter({ hasText: label });
  await expect(row.getByRole("cell")).toHaveText([
    `${issued.prefix}…`,
    "Von einem Admin ausgegeben",
    germanUtcTime,
    "nie",
    "0",
    "0",
    "—",
    "Widerrufen …",
  ]);

  const audit = page.getByRole("table", { name: "Prüfprotokoll" });
  const signIn = audit.locator("tr[data-action=sign_in]").first();
  await expect(signIn.getByRole("cell").nth(0)).toHaveText(germanUtcTime);
  await expect(signIn.getByRole("cell").nth(1)).toHaveText("Angemeldet");
});

test.describe("in Arabic", () => {
  test.use({ locale: "ar-EG" });

  test("the admin page is mirrored, its keys' prefixes read left to right", async ({
    page,
    request,
  }, testInfo) => {
    await signInByRequest(request);
    const issued = await issueKeyByRequest(request, uniqueLabel("arabic"));
    await page.goto("/admin");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByLabel("سر الإدارة").fill(adminSecret);
    await page.getByRole("button", { name: "تسجيل الدخول" }).click();
    const table = page.getByRole("table", { name: "مفاتيح API" });
    const prefix = table.getByText(`${issued.prefix}…`);
    await expect(prefix).toBeVisible();
    expect(await prefix.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
    // The ellipsis follows the prefix to its right, as in any left-to-right text.
    const [first, ellipsis] = await prefix.evaluate((element) => {
      const text = element.firstChild as Text;
      const left = (at: number) => {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        return range.getBoundingClientRect().left;
      };
      return [left(0), left(text.length - 1)];
    });
    expect(ellipsis).toBeGreaterThan(first);
    const path = testInfo.outputPath("admin-ar-desktop.png");
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach("admin-ar-desktop", { path, contentType: "image/png" });
  });
});
