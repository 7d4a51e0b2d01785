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
