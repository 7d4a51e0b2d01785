import { atEachWidth, expect, expectNoSidewaysScroll, test } from "./browser-test";

// The theme choice (system, light, dark) and the favicon, on every page's header.

const dark = "rgb(20, 22, 26)";
const light = "rgb(251, 251, 250)";

atEachWidth(() => {
  test("the theme is a labelled choice of three whose state is exposed; 'System' follows the system again", async ({
    page,
    request,
  }) => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const choice = page.getByRole("group", { name: "Theme" });
    const radio = (label: string) => choice.getByRole("radio", { name: label });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(choice.getByRole("radio")).toHaveCount(3);
    await expect(radio("System")).toBeChecked();
    await expect(radio("Light")).not.toBeChecked();
    await expect(radio("Dark")).not.toBeChecked();
    expect(await background()).toBe(dark);
    await expectNoSidewaysScroll(page);

    await radio("Light").check();
    expect(await background()).toBe(light);
    await expect(radio("System")).not.toBeChecked();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "theme")?.value).toBe("light");

    // The server renders the chosen theme into the first byte of HTML: no script has to run first.
    const html = await (await request.get("/", { headers: { cookie: "theme=dark" } })).text();
    expect(html).toContain('<html lang="en" dir="ltr" data-theme="dark">');
    await page.reload();
    await expect(radio("Light")).toBeChecked();
    expect(await background()).toBe(light);

    // Arrow keys move the choice, as in any radio group.
    await radio("Light").focus();
    await page.keyboard.press("ArrowRight");
    await expect(radio("Dark")).toBeChecked();
    expect(await background()).toBe(dark);

    await radio("System").check();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-theme"))).toBe(false);
    expect((await page.context().cookies()).some((cookie) => cookie.name === "theme")).toBe(false);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background()).toBe(light);
    await page.reload();
    await expect(radio("System")).toBeChecked();
    expect(await background()).toBe(light);
  });

  test("a favicon: no page asks for anything that answers 404", async ({ page, api, request }) => {
    const missing: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    const id = await api.createId({ content: "x", ttl: "1h" });
    for (const path of ["/", `/${id}`]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(missing).toEqual([]);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.ico");
    const icon = await request.get("/favicon.ico");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toBe("image/x-icon");
    expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});
