import type { Locator, Page } from "@playwright/test";
import { fileInput } from "../support/files";
import { readQrCode } from "../support/qr-code";
import { answer, createRequest } from "../support/requests";
import { atEachWidth, expect, expectNothingOutside, keep, test } from "./browser-test";

// The request pages' layout at a phone's and a laptop's width, in both themes, as the note pages'
// are checked: the new request page and its two links, a request's page with its answer form, the
// "Sent." that replaces it, and the requester's answers. Each step keeps its screenshot as an
// attachment (test-results/, and the HTML report), to look at what the assertions cannot judge.

const palettes = {
  light: { background: "rgb(251, 251, 250)", ok: "rgb(231, 245, 236)" },
  dark: { background: "rgb(20, 22, 26)", ok: "rgb(21, 48, 31)" },
} as const;

/** Where a locator is drawn; it must be. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not laid out");
  return found;
}

type Box = Awaited<ReturnType<typeof box>>;
const bottom = (of: Box) => of.y + of.height;

/** The page is in `theme`: its background is the theme's. */
async function expectTheme(page: Page, theme: keyof typeof palettes) {
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    palettes[theme].background,
  );
}

/** At least `room` pixels from the bottom of `above` to the top of `below`: nothing cramped. */
async function expectRoom(above: Locator, below: Locator, room = 12) {
  expect((await box(below)).y - bottom(await box(above))).toBeGreaterThanOrEqual(room);
}

/** "Nov 30, 2026, 4:05:09 PM": a date as the note pages write it, never `11/30/2026`. */
const dateTime = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d [AP]M`;

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    atEachWidth(({ name }) => {
      const shot = (page: Page, step: string) => keep(page, test.info(), `${step}-${theme}-${name}`);

      test("the new request page, then its two links, each with its copy button beside it", async ({
        page,
      }) => {
        await page.goto("/requests/new");
        await expectTheme(page, theme);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ask for a secret");
        await expectRoom(page.getByText(/^Create a request, send/), page.locator("form"));
        await expectNothingOutside(page);
        await shot(page, "request-new");

        await page.getByLabel("What are you asking for?").fill("VPN credentials");
        await page.getByRole("button", { name: "Create request" }).click();
        await expect(page.getByRole("heading", { name: "Your request is ready" })).toBeVisible();
        const fields = [page.getByLabel(/^Public link/), page.getByLabel(/^Private link/)];
        // The public link is also a QR code; the private one never is (it holds the key).
        const qrCodes = page.getByRole("img", { name: "QR code of the link" });
        await expect(qrCodes).toHaveCount(1);
        expect(await readQrCode(qrCodes)).toBe(await fields[0]!.inputValue());
        const buttons = page.getByRole("button", { name: "Copy" });
        await expect(buttons).toHaveCount(2);
        const rows: Box[] = [];
        for (const [i, field] of fields.entries()) {
          const [value, copy] = [await box(field), await box(buttons.nth(i))];
          // Beside its value, on its row; never stacked under it.
          expect(copy.x).toBeGreaterThanOrEqual(value.x + value.width);
          expect(Math.abs(copy.y + copy.height / 2 - (value.y + value.height / 2))).toBeLessThan(2);
          rows.push(value);
        }
        // Each link stands apart from the next, its label and copy status between them.
        expect(rows[1]!.y - bottom(rows[0]!)).toBeGreaterThanOrEqual(40);
        await expectRoom(
          page.getByText(/^The private link's key/),
          page.getByRole("link", { name: "Open the answers" }),
        );
        await expectNothingOutside(page);
        await shot(page, "request-created");
      });

      test("a request's page: its answer form and file picker, then 'Sent.' as a banner", async ({
        page,
        request,
      }) => {
        const requester = await createRequest(request, {
          title: "Signed contract",
          instructions: "The PDF, please.",
          files_allowed: true,
        });
        await page.goto(requester.url);
        await expectTheme(page, theme);
        const until = page.getByText(new RegExp(`^Open until ${dateTime}\\.$`));
        await expectRoom(until, page.getByRole("form", { name: "Answer a request" }));
        await expectRoom(
          page.getByText("It accepts one more answer."),
          page.getByText("Your answer", { exact: true }),
        );
        // The picker is the site's own: a dashed drop zone and a button in the theme's colours,
        // not the browser's "Choose files / No file chosen".
        const zone = page.getByTestId("drop-zone");
        await expect(zone).toHaveCSS("border-top-style", "dashed");
        const choose = page.locator("label", { hasText: "Add files" });
        await expect(choose).toHaveCSS("border-top-style", "solid");
        await expect(choose).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
        expect((await box(fileInput(page))).width).toBeLessThanOrEqual(1);
        await fileInput(page).setInputFiles({
          name: "contract.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.7"),
        });
        await expect(page.getByRole("list", { name: "Files to send" })).toContainText("contract.pdf");
        await page.getByLabel("Your answer").fill("Signed, attached.");
        await expectNothingOutside(page);
        await shot(page, "request-answer");

        await page.getByRole("button", { name: "Encrypt and send" }).click();
        const sent = page.getByRole("status").filter({ hasText: "Sent." });
        await expect(sent).toHaveText("Sent. Only the person who asked can open it.");
        await expect(sent).toHaveCSS("background-color", palettes[theme].ok);
        await expect(sent).toHaveCSS("padding-top", "12px");
        await expectNothingOutside(page);
        await shot(page, "request-sent");
      });

      test("the answers: times as the note pages write them, and no key to forget in a fresh browser", async ({
        page,
        request,
      }) => {
        const requester = await createRequest(request, { title: "API token", answers: 2 });
        for (const text of ["tok_first", "tok_second"]) {
          expect((await answer(request, requester, text)).status()).toBe(201);
        }
        await page.goto(`${requester.url}#${requester.privateKey}`);
        await expectTheme(page, theme);
        const first = page.getByRole("article", { name: "Answer 1" });
        await first.getByRole("button", { name: "Open", exact: true }).click();
        await expect(first.getByText("tok_first")).toBeVisible();
        await expect(first.locator(".hint")).toHaveText(
          new RegExp(`^Received ${dateTime} · responder \\S+ \\(.+\\) · read ${dateTime}$`),
        );
        await expect(
          page.getByRole("button", { name: "Delete this request and all its answers" }),
        ).toBeVisible();
        await expect(
          page.getByRole("button", { name: "Forget the private key in this browser" }),
        ).toHaveCount(0);
        // The answers follow each other, none over another, their buttons apart from their facts.
        const second = page.getByRole("article", { name: "Answer 2" });
        await expectRoom(first, second);
        await expectRoom(second.locator(".hint"), second.getByRole("button", { name: "Open", exact: true }));
        await expectNothingOutside(page);
        await shot(page, "request-answers");
      });
    });
  });
}
