import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { createRequest } from "../support/requests";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { expect, test } from "./browser-test";

// The instance policies (REQUIRE_PASSWORD, MAX_BURN_AFTER, DEFAULT_BURN_AFTER, MAX_FILE_COUNT) on a
// server of their own: the create page shows each before anyone types and holds the form to them,
// the API answers their exact codes, and the OpenAPI document states them.

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  database = await createTestDatabase("policies");
  server = await startServer({
    env: {
      DATABASE_URL: database.url,
      REQUIRE_PASSWORD: "1",
      MAX_BURN_AFTER: "5",
      DEFAULT_BURN_AFTER: "2",
      MAX_FILE_COUNT: "3",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const passwordNeeded = "Set a password: this server accepts only notes with a password.";

test("the create page shows every policy before anyone types", async ({ page }) => {
  await page.goto(`${server!.url}/`);
  const password = page.getByLabel("Password (required)");
  await expect(password).toHaveAttribute("required", "");
  await expect(password).toHaveAccessibleDescription("This server accepts only notes with a password.");
  const readLimit = page.getByLabel("Read limit");
  await expect(readLimit).toHaveValue("2");
  await expect(readLimit).toHaveAttribute("max", "5");
  await expect(readLimit).toHaveAccessibleDescription(
    "Destroyed after this many reads: at most 5 on this server.",
  );
  await expect(page.locator("#files-hint")).toContainText("Up to 3 files,");
});

test("the form refuses a note without a password or over the cap, then creates one within both", async ({
  page,
}) => {
  const creates: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/v1/shares")) creates.push(request.method());
  });
  await page.goto(`${server!.url}/`);
  await page.getByLabel("Text").fill("behind a password");
  await page.getByLabel("Read limit").fill("6");
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.locator("#password-error")).toHaveText(passwordNeeded);
  await expect(page.locator("#burn_after-error")).toHaveText(
    "Enter a whole number from 1 to 5, or leave it empty for no limit.",
  );
  expect(creates).toEqual([]);

  await page.getByLabel("Password (required)").fill("open sesame");
  await page.getByLabel("Read limit").fill("5");
  await page.getByRole("button", { name: "Create note" }).click();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  expect(creates).toEqual(["POST"]);
  const meta = await page.request.get(`${server!.url}/api/v1/shares/${new URL(url).pathname.slice(1)}/meta`);
  expect(meta.status()).toBe(200);
  expect(await meta.json()).toMatchObject({ burn_after: 5, password_required: true });
});

test("the API answers the policies' exact codes", async ({ request }) => {
  const create = async (body: object) => {
    const response = await request.post(`${server!.url}/api/v1/shares`, { data: { ttl: "1h", ...body } });
    return { status: response.status(), json: await response.json() };
  };
  const refusedPassword = {
    status: 400,
    json: {
      error: "password_required",
      message: "password: is required: this server accepts only notes with a password",
    },
  };
  expect(await create({ content: "x" })).toEqual(refusedPassword);
  expect(await create({ content: "x", password: "" })).toEqual(refusedPassword);
  expect(await create({ content: "x", password: "p", burn_after: 6 })).toEqual({
    status: 400,
    json: {
      error: "bad_burn_after",
      message: "burn_after: must be at most 5 (this server's MAX_BURN_AFTER)",
    },
  });
  const files = Array.from({ length: 4 }, (_, index) => ({ name: `f${index}.txt`, size: 1 }));
  const tooMany = await create({ content: "x", password: "p", files });
  expect(tooMany).toMatchObject({ status: 413, json: { error: "too_many_files" } });
  expect(tooMany.json.message).toBe("A note may carry at most 3 files; this one declares 4.");
  // A note sent without a read limit gets the cap, so none outlives it.
  expect(await create({ content: "x", password: "p" })).toMatchObject({
    status: 201,
    json: { burn_after: 5 },
  });
});

test("a request needs no password (its answers are sealed to the asker's key); its answer page shows the file count", async ({
  page,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: server!.url });
  const requester = await createRequest(api, { files_allowed: true });
  await api.dispose();
  await page.goto(requester.url);
  await expect(page.locator("#files-hint")).toContainText("Up to 3 files,");
});

test("the OpenAPI document states the policies", async ({ request }) => {
  const document = await (await request.get(`${server!.url}/api/v1/openapi.json`)).json();
  const create = document.paths["/api/v1/shares"].post;
  const body = JSON.stringify(create.requestBody);
  expect(body).toContain('"maximum":5');
  expect(body).toContain("required on this server (REQUIRE_PASSWORD): without one, 400 password_required");
  expect(create.responses["400"].description).toContain("password_required");
  expect(create.responses["413"].description).toContain("MAX_FILE_COUNT (3 here)");
});
