import { databaseUrl } from "../support/fixtures";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { expect, issueKey, test } from "./browser-test";

// The create page of a server that needs a key to create and offers other expiries: it asks for
// the key before sending anything, and creates with the configured choices once it has one.

test.describe("create page with CREATE_REQUIRES_KEY and TTL_CHOICES", () => {
  // One server for these tests, so they run one after the other in one worker.
  test.describe.configure({ mode: "serial" });
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    server = await startServer({
      env: { DATABASE_URL: databaseUrl, TTL_CHOICES: "5m,1h", DEFAULT_TTL: "5m", CREATE_REQUIRES_KEY: "1" },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("asks for a key instead of sending a create that would fail, then creates with it", async ({
    page,
  }) => {
    const creates: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") creates.push(request.url());
    });
    await page.goto(`${server.url}/`);
    await expect(page.getByText("This server creates notes only for holders of an API key")).toBeVisible();
    await expect(page.getByLabel("Expires after")).toHaveValue("5m");
    await page.getByLabel("Text").fill("needs a key");
    await page.getByRole("button", { name: "Create note" }).click();
    await expect(page.getByLabel("API key (required)")).toBeFocused();
    await expect(page.getByText("This server needs an API key to create notes.")).toBeVisible();
    expect(creates).toEqual([]);

    await page.getByLabel("API key (required)").fill(await issueKey());
    await page.getByRole("button", { name: "Create note" }).click();
    await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible();
    const id = new URL(await page.getByRole("textbox", { name: "Link" }).inputValue()).pathname.slice(1);
    const meta = (await (await fetch(`${server.url}/api/v1/shares/${id}/meta`)).json()) as {
      created_at: number;
      expires_at: number;
    };
    expect(meta.expires_at - meta.created_at).toBe(300);
    expect(creates).toEqual([`${server.url}/api/v1/shares`]);
  });
});
