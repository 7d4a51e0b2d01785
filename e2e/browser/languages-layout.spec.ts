import { readFileSync } from "node:fs";
import type { Locator } from "@playwright/test";
import { locales, type Locale } from "../../lib/i18n/locales";
import { atEachWidth, expect, expectNothingOutside, keep, test } from "./browser-test";

// The languages beyond English and German, in real Chromium. Arabic is written right to left: its
// pages are mirrored (the labels, the lists, the table's columns start on the right), while code,
// links and the countdown's numbers keep reading left to right. Every language's create page fits a
// phone, its longer words included. Each test keeps its screenshots as attachments (test-results/,
// and the HTML report), to look at what the assertions cannot judge.

const catalog = (locale: Locale) =>
  JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as Record<string, Record<string, string>>;

const directionOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);

/** Where an element sits across the window: its left and right edges, in pixels. */
const edges = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return { left: box.x, right: box.x + box.width };
};

/** Where the first `character` of an element's text is drawn, from the window's left edge. */
const charLeft = (locator: Locator, character: string) =>
  locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`no ${wanted} in ${element.textContent}`);
  }, character);

const NOTE = `# قائمة النشر

كلمة المرور المؤقتة هي \`correct-horse-battery\`، غيّرها بعد الإصدار.

\`\`\`ts
export async function deploy(tag: string): Promise<void> {
  await run("migrate", { tag }); // 42 tables
}
\`\`\`
`;

test.describe("Arabic, right to left", () => {
  test.use({ locale: "ar-EG", timezoneId: "Africa/Cairo" });

  atEachWidth(({ name }) => {
    test("the create page is mirrored", async ({ page }, testInfo) => {
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("شارك ملاحظة");
      // The heading's words end at the right, where an Arabic reader's eyes start.
      const main = await edges(page.locator("main"));
      const words = await page.getByRole("heading", { level: 1 }).evaluate((heading) => {
        const range = document.createRange();
        range.selectNodeContents(heading);
        const box = range.getBoundingClientRect();
        return { left: box.left, right: box.right };
      });
      expect(main.right - words.right).toBeLessThan(40);
      expect(words.left - main.left).toBeGreaterThan(40);
      // What a visitor writes decides its own direction: English text in the box reads left to right.
      const text = page.getByLabel("النص", { exact: true });
      await text.fill("Hello");
      expect(await directionOf(text)).toBe("ltr");
      await text.fill(NOTE);
      expect(await directionOf(text)).toBe("rtl");
      await expect(page.getByRole("region", { name: "معاينة الصفحة 1" }).locator("pre")).toBeVisible();
      expect(await directionOf(page.getByRole("region", { name: "معاينة الصفحة 1" }).locator("pre"))).toBe(
        "ltr",
      );
      await expectNothingOutside(page);
      await keep(page, testInfo, `ar-create-${name}`);
    });

    test("a revealed note: Arabic text right to left, its code left to right, the countdown whole", async ({
      page,
      api,
    }, testInfo) => {
      const id = await api.createId({ content: NOTE, ttl: "1h", burn_after: 3 });
      await page.goto(`/${id}`);
      await expect(page.getByText("تتبقى 3 قراءات")).toBeVisible();
      await page.getByRole("button", { name: "اعرض الملاحظة" }).click();
      const note = page.getByRole("article", { name: "الملاحظة" });
      await expect(note.locator("h1")).toHaveText("قائمة النشر");
      // Two reads left: Arabic's dual form, not a number.
      await expect(page.getByText("تتبقى قراءتان")).toBeVisible();
      expect(await directionOf(note)).toBe("rtl");

      const block = note.locator("pre");
      expect(await directionOf(block)).toBe("ltr");
      expect(await directionOf(note.locator("p code"))).toBe("ltr");
      // The code's first line starts at the block's left edge, as it was written.
      const [blockEdges, line] = [await edges(block), await edges(block.locator(".hljs-keyword").first())];
      expect(line.left - blockEdges.left).toBeLessThan(24);
      // Its copy button sits at the end of the line in Arabic: the top left corner.
      const copy = await edges(page.getByRole("button", { name: "نسخ كتلة الشيفرة 1" }));
      expect(copy.left - blockEdges.left).toBeLessThan(16);

      // A file name keeps its dot before the extension inside an Arabic label.
      const download = page.getByRole("button", { name: /\.md$/ });
      const [dot, m] = [await charLeft(download, "."), await charLeft(download, "m")];
      expect(dot).toBeLessThan(m);

      // "Expires in 59 min and 58 s", each number beside its own unit.
      const countdown = page.locator("time");
      await expect(countdown).toHaveText(/^\d\d? د و\d\d? ث$/);
      expect(await countdown.evaluate((time) => getComputedStyle(time).unicodeBidi)).toBe("isolate");
      await expectNothingOutside(page);
      await keep(page, testInfo, `ar-note-${name}`);
    });

    test("the status page's log reads from the right, its reader column left to right", async ({
      page,
      api,
    }, testInfo) => {
      const created = await api.create({ content: "x", ttl: "1h", burn_after: 5 });
      const id = created.json.id as string;
      expect((await api.read(id, {}, { "user-agent": "Mozilla/5.0 Firefox/133.0" })).response.status()).toBe(
        200,
      );
      await page.goto(`/status/${id}#${created.json.delete_token as string}`);
      const log = page.getByRole("table", { name: "سجل الوصول" });
      await expect(log.getByRole("columnheader")).toHaveText(["متى", "ماذا", "القراءات المتبقية", "القارئ"]);
      await expect(log.locator("tr[data-event=read] td").nth(1)).toHaveText("فُتحت");
      // The first column is the rightmost one.
      const [when, what] = [
        await edges(log.getByRole("columnheader").nth(0)),
        await edges(log.getByRole("columnheader").nth(1)),
      ];
      expect(when.left).toBeGreaterThan(what.left);
      const reader = log.locator("tr[data-event=read] td").nth(3).locator("span");
      await expect(reader).toHaveAttribute("dir", "ltr");
      await expectNothingOutside(page);
      await keep(page, testInfo, `ar-status-${name}`);
    });
  });
});

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
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      const messages = catalog(locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(messages.createPage?.heading ?? "");
      await expect(page.getByRole("button", { name: messages.create?.submit })).toBeVisible();
      await expect(page.getByRole("combobox", { name: messages.layout?.language })).toHaveValue(locale);
      await expectNothingOutside(page);
      await keep(page, testInfo, `create-${locale}-phone`);
      await context.close();
    });
  }
});
