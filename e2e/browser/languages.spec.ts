import { readFileSync } from "node:fs";
import { expect, expectNoSidewaysScroll, test } from "./browser-test";

// The pages in German and English (the other languages: languages-layout.spec.ts): chosen by
// Accept-Language, or by the footer's switcher, whose cookie outlasts a reload and wins over
// Accept-Language; anything else gets English. Dates and durations follow the language (Intl).

const timezoneId = "Europe/Berlin";

/** A moment as the pages write it for a German reader in Berlin (lib/i18n/format-date-time.ts). */
const germanTime = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString("de", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: timezoneId,
  });

/** Every English message that is a plain sentence: none may show on a page rendered in German. */
const englishSentences = (function collect(tree: object): string[] {
  return Object.values(tree).flatMap((value: string | object) =>
    typeof value === "string" ? (/^[^{}<]{16,}$/.test(value) ? [value] : []) : collect(value),
  );
})(JSON.parse(readFileSync("messages/en.json", "utf8")) as object);

test.describe("German by Accept-Language", () => {
  test.use({ locale: "de-DE", timezoneId });

  test("the create page, its result and the note's viewer speak German, with German dates", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveTitle("Notizen");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eine Notiz teilen");
    await expect(page.getByLabel("Läuft ab nach")).toHaveValue("1d");
    await expect(page.getByLabel("Läuft ab nach").locator("option:checked")).toHaveText("1 Tag");
    await page.getByLabel("Text", { exact: true }).fill("Geheim");
    await page.getByLabel("Lese-Limit").fill("2");
    await page.getByRole("button", { name: "Notiz erstellen" }).click();

    await expect(page.getByRole("heading", { name: "Ihre Notiz ist fertig" })).toBeVisible();
    const facts = page.getByRole("list", { name: "Über diese Notiz" }).getByRole("listitem");
    await expect(facts.nth(0)).toHaveText(/^Läuft ab am \d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d$/);
    await expect(facts.nth(1)).toHaveText("Wird nach 2 Lesevorgängen vernichtet");

    await page.goto(await page.getByRole("textbox", { name: "Link" }).inputValue());
    await expect(page).toHaveTitle("Eine Notiz für Sie · Notizen");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eine mit Ihnen geteilte Notiz");
    const about = page.getByRole("list", { name: "Über diese Notiz" }).getByRole("listitem");
    await expect(about.nth(0)).toHaveText(/^Läuft ab in \d\d? Std\., \d\d? Min\. und \d\d? Sek\.$/);
    await expect(about.nth(1)).toHaveText("Noch 2 Lesevorgänge");
    await expect(about.nth(2)).toHaveText("Ende-zu-Ende-verschlüsselt");
    await page.getByRole("button", { name: "Notiz anzeigen" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eine mit Ihnen geteilte Notiz");
    await expect(page.getByRole("article", { name: "Notiz" })).toHaveText("Geheim");
    await expect(page.getByText("Noch 1 Lesevorgang")).toBeVisible();
  });

  test("the status page writes each access in German, at the reader's local time", async ({
    page,
    api,
    request,
  }) => {
    const created = await api.create({ content: "x", ttl: "1h" });
    const id = created.json.id as string;
    const token = created.json.delete_token as string;
    const events = await request.get(`/api/v1/shares/${id}/events`, { headers: { "x-delete-token": token } });
    const [first] = ((await events.json()) as { events: { at: number }[] }).events;

    await page.goto(`/status/${id}#${token}`);
    await expect(page).toHaveTitle("Wer Ihre Notiz geöffnet hat · Notizen");
    const log = page.getByRole("table", { name: "Zugriffsprotokoll" });
    await expect(log.getByRole("columnheader")).toHaveText([
      "Wann",
      "Was",
      "Verbleibende Lesevorgänge",
      "Leser",
    ]);
    await expect(log.locator("tr[data-event=created] td")).toHaveText([
      germanTime(first?.at ?? 0),
      "Erstellt",
      "—",
      "—",
    ]);
    await expect(page.getByRole("button", { name: "Jetzt löschen" })).toBeVisible();
  });

  test("an unknown note's page is German too", async ({ page }) => {
    await page.goto("/no-such-note-here");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hier ist nichts");
    await expect(page.getByRole("link", { name: "Neue Notiz erstellen" })).toBeVisible();
  });
});

test("every page rendered for Accept-Language: de is German through and through", async ({
  request,
  api,
}) => {
  const created = await api.create({ content: "x", ttl: "1h", burn_after: 3 });
  const id = created.json.id as string;
  const pages = [
    ["/", "Eine Notiz teilen"],
    [`/${id}`, "Eine mit Ihnen geteilte Notiz"],
    [`/status/${id}`, "Wer Ihre Notiz geöffnet hat"],
    ["/admin", "Notizen-Verwaltung"],
  ] as const;
  for (const [path, heading] of pages) {
    const html = await (
      await request.get(path, { headers: { "accept-language": "de-AT, en;q=0.5" } })
    ).text();
    expect(html, path).toContain('<html lang="de"');
    expect(html, path).toContain(heading);
    for (const sentence of englishSentences) expect(html, `${path}: ${sentence}`).not.toContain(sentence);
  }
});

test("a language the site lacks gets English; the first one it has wins", async ({ request }) => {
  const heading = async (acceptLanguage: string) => {
    const html = await (await request.get("/", { headers: { "accept-language": acceptLanguage } })).text();
    return [/<html lang="([\w-]+)"/.exec(html)?.[1], /<h1>([^<]*)<\/h1>/.exec(html)?.[1]];
  };
  expect(await heading("fi-FI, fi;q=0.9")).toEqual(["en", "Share a note"]);
  expect(await heading("fi, de;q=0.8, en;q=0.5")).toEqual(["de", "Eine Notiz teilen"]);
  expect(await heading("nn-NO, en;q=0.5")).toEqual(["nb", "Del et notat"]);
  expect(await heading("iw, en;q=0.5")).toEqual(["he", "שיתוף פתק"]);
  expect(await heading("pt-PT, en;q=0.5")).toEqual(["pt-BR", "Compartilhar uma nota"]);
  expect(await heading("zh-TW, en;q=0.5")).toEqual(["en", "Share a note"]);
  expect(await heading("zh-SG, en;q=0.5")).toEqual(["zh-CN", "分享笔记"]);
  expect(await heading("en-GB, de;q=0.9")).toEqual(["en", "Share a note"]);
  expect(await heading("not a language tag")).toEqual(["en", "Share a note"]);
});

test.describe("English for a language the site lacks", () => {
  test.use({ locale: "fi-FI" });

  test("a Finnish browser gets English pages", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Share a note");
    await expect(page.getByLabel("Language")).toHaveValue("en");
  });
});

test.describe("the switcher", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("keeps the choice in a cookie that outlasts a reload and wins over Accept-Language", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByLabel("Text", { exact: true }).fill("a draft");
    // One select, labelled, each language named in its own words and marked as that language.
    const languages = page.getByRole("combobox", { name: "Language" });
    const options = languages.getByRole("option");
    await expect(options).toHaveText([
      "English",
      "Deutsch",
      "Français",
      "Español",
      "Italiano",
      "Português (Brasil)",
      "Nederlands",
      "Svenska",
      "Dansk",
      "Norsk bokmål",
      "Polski",
      "Čeština",
      "Türkçe",
      "Русский",
      "Українська",
      "日本語",
      "한국어",
      "简体中文",
      "العربية",
      "עברית",
    ]);
    await expect(options.nth(15)).toHaveAttribute("lang", "ja");
    await expect(languages).toHaveValue("en");
    await expectNoSidewaysScroll(page);

    // By keyboard: the select is in the tab order, and an arrow key picks the next language.
    await page.getByRole("link", { name: "Notes", exact: true }).focus();
    for (let presses = 0; presses < 60; presses += 1) {
      if (await languages.evaluate((select) => select === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect(languages).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eine Notiz teilen");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const sprache = page.getByRole("combobox", { name: "Sprache" });
    await expect(sprache).toHaveValue("de");
    // The focus stays on the select, so a keyboard user goes on from where they were.
    await expect(sprache).toBeFocused();
    // Rendered again, not reloaded: what was typed is still there.
    await expect(page.getByLabel("Text", { exact: true })).toHaveValue("a draft");
    await expectNoSidewaysScroll(page);

    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "locale");
    expect(cookie).toMatchObject({ value: "de", path: "/", sameSite: "Lax" });
    const year = 365 * 24 * 60 * 60;
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + year - 60);
    expect(cookie?.expires).toBeLessThanOrEqual(Date.now() / 1000 + year + 60);

    // The browser still asks for English (Playwright's en-US): the cookie wins.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eine Notiz teilen");
    // Into Arabic and out again, without a reload: the page turns right to left and back.
    await page.getByRole("combobox", { name: "Sprache" }).selectOption("العربية");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("شارك ملاحظة");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("combobox", { name: "اللغة" }).selectOption("English");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Share a note");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("an English choice wins over a German browser", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE", baseURL: test.info().project.use.baseURL });
    const origin = new URL(test.info().project.use.baseURL ?? "").origin;
    await context.addCookies([{ name: "locale", value: "en", url: origin }]);
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Share a note");
    await context.close();
  });
});
