import type { Browser, BrowserContextOptions, LaunchOptions, Page } from "@playwright/test";

// The service reached over plain HTTP at a name other than localhost, as on a LAN (http://192.168.…):
// the browser does not count the page as a secure context and offers no WebCrypto. The name is
// mapped to the loopback address inside this browser only, so no packet leaves the machine, but
// for the browser it is just another host on plain HTTP.

const host = "notes-on-the-lan.test";
export const lanOrigin = `http://${host}:${process.env.E2E_PORT}`;

type Launcher = { chromium: { launch: (options: LaunchOptions) => Promise<Browser> } };

/** A Chromium of its own that resolves the LAN name to this machine (close it in afterAll). */
export function launchLanBrowser(playwright: Launcher, launchOptions: LaunchOptions): Promise<Browser> {
  return playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${host} 127.0.0.1`],
  });
}

/** A page of `lan` in a context of its own, at the LAN origin. */
export async function lanPage(lan: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await lan.newContext({ ...options, baseURL: lanOrigin });
  return context.newPage();
}
