import { atEachWidth, expect, expectNoSidewaysScroll, test } from "./browser-test";

// A revealed note says what it is, and its code blocks can be copied with one click.

const code = 'export const answer = 42;\nconsole.log("answer", answer);';
const content = `# Release\n\n\`\`\`ts\n${code}\n\`\`\`\n\nand a shell line:\n\n\`\`\`\nnpm run build\n\`\`\`\n`;

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

atEachWidth(() => {
  test("after the reveal: a heading that takes focus, when it was made, and a copy button per code block", async ({
    page,
    api,
  }) => {
    const id = await api.createId({ content, ttl: "1h", burn_after: 3 });
    await page.goto(`/${id}`);
    // The page's own heading comes first; the note's headings follow it. The reveal keeps its words.
    const heading = page.getByRole("heading", { level: 1 }).first();
    await expect(heading).toHaveText("A note shared with you");
    await page.getByRole("button", { name: "Reveal note" }).click();
    await expect(heading).toHaveText("A note shared with you");
    await expect(heading).toBeFocused();
    const about = page.getByRole("list", { name: "About this note" }).getByRole("listitem");
    await expect(about).toHaveText([/^Created \S.+$/, /^Expires in (\d+ h )?\d+ min \d+ s$/, "2 reads left"]);
    await expect(page.getByRole("region", { name: "A note shared with you" })).toBeVisible();

    const article = page.getByRole("article");
    await expect(article.locator("pre")).toHaveCount(2);
    const buttons = article.getByRole("button");
    await expect(buttons).toHaveText(["Copy code", "Copy code"]);
    await expect(buttons.first()).toHaveAccessibleName("Copy code block 1");
    await expect(buttons.nth(1)).toHaveAccessibleName("Copy code block 2");
    await buttons.first().click();
    await expect(page.getByRole("status").filter({ hasText: "Code copied." })).toHaveText("Code copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${code}\n`);
    await buttons.nth(1).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("npm run build\n");
    await expectNoSidewaysScroll(page);
  });

  test("multi-page notes: every page's code blocks get their button", async ({ page, api }) => {
    const id = await api.createId({
      pages: [
        { title: "One", content: "no code here" },
        { title: "Two", content: "```\nsecond page\n```" },
      ],
      ttl: "1h",
    });
    await page.goto(`/${id}`);
    await expect(page.getByRole("list", { name: "About this note" })).toContainText("2 pages");
    await expect(page.getByRole("tabpanel").getByRole("button")).toHaveCount(0);
    await page.getByRole("tab", { name: "Two" }).click();
    await page.getByRole("tabpanel").getByRole("button", { name: "Copy code block 1" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("second page\n");
  });
});
