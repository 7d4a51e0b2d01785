import type { Page } from "@playwright/test";

/**
 * Watches a page for signs that injected code ran: dialogs (alert/confirm/prompt), requests to any
 * host but the test server, and CSP violations. Dialogs are dismissed so a test never hangs.
 */
export function guardPage(page: Page, allowedOrigin: string) {
  const dialogs: string[] = [];
  const foreignRequests: string[] = [];
  const cspViolations: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(`${allowedOrigin}/`) && !url.startsWith("blob:") && !url.startsWith("about:")) {
      foreignRequests.push(url);
    }
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) cspViolations.push(message.text());
  });
  return { dialogs, foreignRequests, cspViolations };
}

/**
 * Resolves once what the page shows now has had its chance to run: a payload's code runs as the
 * markup is inserted, or from an event (an image's load or error, which every `onerror` payload waits
 * for). So: every image has loaded or failed, which queues its event, and then a console message
 * the page logs from a task queued after those events has arrived. Chromium runs a page's tasks of
 * one priority in the order they were queued and reports its events in the order they happened, so
 * a dialog, request or CSP report caused by the page so far is recorded by then.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  const text = `sentinel ${Math.random()}`;
  const logged = page.waitForEvent("console", (message) => message.text() === text);
  await page.evaluate((message) => void setTimeout(() => console.log(message)), text);
  await logged;
}
