import { readFileSync } from "node:fs";
import { languageName, locales, textDirection, type Locale } from "../../lib/i18n/locales";
import { violations } from "./axe";
import { atEachWidth, expect, expectNothingOutside, keep, test } from "./browser-test";
import { charLeft, directionOf, edges } from "./layout-measures";

// The languages beyond English and German, in real Chromium. Arabic and Hebrew are written right to
// left: their pages are mirrored (the labels, the lists, the table's columns start on the right),
// while code, links and the countdown's numbers keep reading left to right. Every language's create
// page fits a phone, its longer words included, and passes axe (e2e/browser/axe.ts), as do the
// right-to-left status pages. Each test keeps its screenshots as attachments (test-results/, and the
// HTML report), to look at what the assertions cannot judge.

const catalog = (locale: Locale) =>
  JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as Record<string, Record<string, string>>;

const arabicNote = `# قائمة النشر

كلمة المرور المؤقتة هي \`correct-horse-battery\`، غيّرها بعد الإصدار.

\`\`\`ts
export async function deploy(tag: string): Promise<void> {
  await run("migrate", { tag }); // 42 tables
}
\`\`\`
`;

const hebrewNote = `# רשימת פריסה

הסיסמה הזמנית היא \`correct-horse-battery\`, יש להחליף אותה אחרי השחרור.

\`\`\`ts
export async function deploy(tag: string): Promise<void> {
  await run("migrate", { tag }); // 42 tables
}
\`\`\`
`;

/** What the pages of each right-to-left language say, in the words of its catalog. */
const rightToLeft = [
  {
    locale: "ar",
    browser: { locale: "ar-EG", timezoneId: "Africa/Cairo" },
    heading: "شارك ملاحظة",
    textLabel: "النص",
    preview: "معاينة الصفحة 1",
    note: arabicNote,
    noteHeading: "قائمة النشر",
    threeLeft: "تتبقى 3 قراءات",
    // Two reads left: Arabic's dual form, not a number.
    twoLeft: "تتبقى قراءتان",
    reveal: "اعرض الملاحظة",
    article: "الملاحظة",
    copyCode: "نسخ كتلة الشيفرة 1",
    // "Expires in 59 min and 58 s", each number beside its own unit.
    countdown: /^\d\d? د و\d\d? ث$/,
    log: "سجل الوصول",
    columns: ["متى", "ماذا", "القراءات المتبقية", "القارئ"],
    opened: "فُتحت",
  },
  {
    locale: "he",
    browser: { locale: "he-IL", timezoneId: "Asia/Jerusalem" },
    heading: "שיתוף פתק",
    textLabel: "טקסט",
    preview: "תצוגה מקדימה של עמוד 1",
    note: hebrewNote,
    noteHeading: "רשימת פריסה",
    threeLeft: "נותרו 3 קריאות",
    // Two reads left: Hebrew's dual form, not a number.
    twoLeft: "נותרו שתי קריאות",
    reveal: "הצגת הפתק",
    article: "פתק",
    copyCode: "העתקת קטע קוד 1",
    countdown: /^\d\d? דק׳ \d\d? שנ׳$/,
    log: "יומן גישה",
    columns: ["מתי", "מה", "קריאות שנותרו", "קורא"],
    opened: "נפתח",
  },
] as const;

for (const words of rightToLeft) {
  test.describe(`${words.locale}, right to left`, () => {
    test.use(words.browser);

    atEachWidth(({ name }) => {
      test("the create page is mirrored", async ({ page }, testInfo) => {
        await page.goto("/");
        await expect(page.locator("html")).toHaveAttribute("lang", words.locale);
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.heading);
        // The heading's words end at the right, where the reader's eyes start.
        const main = await edges(page.locator("main"));
        const heading = await page.getByRole("heading", { level: 1 }).evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const box = range.getBoundingClientRect();
          return { left: box.left, right: box.right };
        });
        expect(main.right - heading.right).toBeLessThan(40);
        expect(heading.left - main.left).toBeGreaterThan(40);
        // What a visitor writes decides its own direction: English text in the box reads left to right.
        const text = page.getByLabel(words.textLabel, { exact: true });
        await text.fill("Hello");
        expect(await directionOf(text)).toBe("ltr");
        await text.fill(words.note);
        expect(await directionOf(text)).toBe("rtl");
        const preview = page.getByRole("region", { name: words.preview });
        await expect(preview.locator("pre")).toBeVisible();
        expect(await directionOf(preview.locator("pre"))).toBe("ltr");
        await expectNothingOutside(page);
        await keep(page, testInfo, `${words.locale}-create-${name}`);
      });

      test("a revealed note: its text right to left, its code left to right, the countdown whole", async ({
        page,
        api,
      }, testInfo) => {
        const id = await api.createId({ content: words.note, ttl: "1h", burn_after: 3 });
        await page.goto(`/${id}`);
        await expect(page.getByText(words.threeLeft)).toBeVisible();
        await page.getByRole("button", { name: words.reveal }).click();
        const note = page.getByRole("article", { name: words.article });
        await expect(note.locator("h1")).toHaveText(words.noteHeading);
        await expect(page.getByText(words.twoLeft)).toBeVisible();
        expect(await directionOf(note)).toBe("rtl");

        const block = note.locator("pre");
        expect(await directionOf(block)).toBe("ltr");
        expect(await directionOf(note.locator("p code"))).toBe("ltr");
        // The code's first line starts at the block's left edge, as it was written.
        const [blockEdges, line] = [await edges(block), await edges(block.locator(".hljs-keyword").first())];
        expect(line.left - blockEdges.left).toBeLessThan(24);
        // Its copy button sits at the end of the line when the page runs right to left: the top left corner.
        const copy = await edges(page.getByRole("button", { name: words.copyCode }));
        expect(copy.left - blockEdges.left).toBeLessThan(16);

        // A file name keeps its dot before the extension inside a right-to-left label.
        const download = page.getByRole("button", { name: /\.md$/ });
        const [dot, m] = [await charLeft(download, "."), await charLeft(download, "m")];
        expect(dot).toBeLessThan(m);

        const countdown = page.locator("time");
        await expect(countdown).toHaveText(words.countdown);
        expect(await countdown.evaluate((time) => getComputedStyle(time).unicodeBidi)).toBe("isolate");
        await expectNothingOutside(page);
        await keep(page, testInfo, `${words.locale}-note-${name}`);
      });

      test("the status page's log reads from the right, its reader column left to right", async ({
        page,
        api,
      }, testInfo) => {
        const created = await api.create({ content: "x", ttl: "1h", burn_after: 5 });
        const id = created.json.id as string;
        const firefox = { "user-agent": "Mozilla/5.0 Firefox/133.0" };
        expect((await api.read(id, {}, firefox)).response.status()).toBe(200);
        await page.goto(`/status/${id}#${created.json.delete_token as string}`);
        const log = page.getByRole("table", { name: words.log });
        await expect(log.getByRole("columnheader")).toHaveText([...words.columns]);
        await expect(log.locator("tr[data-event=read] td").nth(1)).toHaveText(words.opened);
        // The first column is the rightmost one.
        const [when, what] = [
          await edges(log.getByRole("columnheader").nth(0)),
          await edges(log.getByRole("columnheader").nth(1)),
        ];
        expect(when.left).toBeGreaterThan(what.left);
        const reader = log.locator("tr[data-event=read] td").nth(3).locator("span");
        await expect(reader).toHaveAttribute("dir", "ltr");
        await expectNothingOutside(page);
        expect(await violations(page, `${words.locale} status`)).toEqual([]);
        await keep(page, testInfo, `${words.locale}-status-${name}`);
      });
    });
  });
}

test.describe("every language's create page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of locales.filter((candidate) => candidate !== "en" && candidate !== "de")) {
    test(`${locale}: chosen by Accept-Language, nothing wider than the screen`, async ({
      browser,
    }, testInfo) => {
      const context = await browser.newContext({
        locale,
        viewport: { width: 390, height: 844 },
        baseURL: testInfo.project.use.baseURL,
      });
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("html")).toHaveAttribute("dir", textDirection(locale));
      const messages = catalog(locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(messages.createPage?.heading ?? "");
      await expect(page.getByRole("button", { name: messages.create?.submit })).toBeVisible();
      await expect(page.getByRole("combobox", { name: messages.layout?.language })).toHaveValue(locale);
      await expectNothingOutside(page);
      expect(await violations(page, `${locale} create`)).toEqual([]);
      await keep(page, testInfo, `create-${locale}-phone`);
      await context.close();
    });
  }
});

test("the switcher reaches every language, each named in its own words and laid out in its direction", async ({
  page,
}) => {
  await page.goto("/");
  for (const locale of locales) {
    await page.locator("#language").selectOption({ label: languageName(locale) });
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("html")).toHaveAttribute("dir", textDirection(locale));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      catalog(locale).createPage?.heading ?? "",
    );
    await expect(page.locator("#language option:checked")).toHaveAttribute("lang", locale);
  }
});
