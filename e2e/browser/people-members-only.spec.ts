import { randomBytes } from "node:crypto";
import type { Request } from "@playwright/test";
import { noteCounters } from "../../lib/test/note-counters";
import { uploadChunks, type CreatedFiles } from "../support/file-transfer";
import { expect, test } from "../support/fixtures";
import { asSent, membersOnlySite, refusal } from "../support/members-only-site";
import { signInThrough } from "../support/people-servers";

// Notes for members only (sign_in_required) against a real OpenID provider (oidc-provider over
// https, its login pages driven in Chromium), on a server and database of this spec's own:
// anonymous callers are refused with nothing spent, signed-in ones read as usual, and the viewer's
// round trip through the provider brings the reader back to the note with an end-to-end note's key
// kept in the browser, never sent to the server or the provider. Requests: the sibling spec.
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

const site = membersOnlySite("people_members_only");
const counters = (id: string) => noteCounters(site.sql(), id);

test("anonymous meta and read are refused and spend nothing; a signed-in reader reads and burns", async ({
  browser,
  request,
}) => {
  const note = await site.create(request, "/api/v1/shares", {
    content: "members only",
    ttl: "1h",
    burn_after: 2,
    password: "right",
    burn_after_failures: 3,
    sign_in_required: true,
  });
  const id = String(note.id);
  expect(note.sign_in_required).toBe(true);
  expect(await refusal(await request.get(`${site.app()}/api/v1/shares/${id}/meta`))).toEqual([
    401,
    "sign_in_required",
  ]);
  for (const password of ["wrong", "right", undefined]) {
    const read = await request.post(`${site.app()}/api/v1/shares/${id}/read`, {
      data: password ? { password } : {},
    });
    expect(await refusal(read)).toEqual([401, "sign_in_required"]);
  }
  expect(await counters(id)).toEqual({ read_count: 0, failed_attempts: 0, events: 0 });

  const member = await site.member(browser, "carol");
  const meta = (await (await member.request.get(`${site.app()}/api/v1/shares/${id}/meta`)).json()) as Record<
    string,
    unknown
  >;
  expect(meta).toMatchObject({ remaining_views: 2, password_attempts_left: 3, sign_in_required: true });
  const readWith = (password: string) =>
    member.request.post(`${site.app()}/api/v1/shares/${id}/read`, { data: { password } });
  expect(await refusal(await readWith("wrong"))).toEqual([401, "bad_password"]);
  const first = await readWith("right");
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ content: "members only", remaining_views: 1, burned: false });
  expect(await (await readWith("right")).json()).toMatchObject({ remaining_views: 0, burned: true });
  expect((await member.request.get(`${site.app()}/api/v1/shares/${id}/meta`)).status()).toBe(404);
  expect(await counters(id)).toEqual({ read_count: 2, failed_attempts: 1, events: 4 });

  // Recipients' links: the option is the note's, and every link has it.
  const sent = await site.create(request, "/api/v1/shares", {
    content: "to two",
    ttl: "1h",
    recipients: ["Ann", "Ben"],
    sign_in_required: true,
  });
  for (const link of sent.links as { id: string }[]) {
    expect(await refusal(await request.post(`${site.app()}/api/v1/shares/${link.id}/read`))).toEqual([
      401,
      "sign_in_required",
    ]);
    expect(
      await (await member.request.post(`${site.app()}/api/v1/shares/${link.id}/read`)).json(),
    ).toMatchObject({
      content: "to two",
    });
  }
  await member.close();
});

test("a file of a note for members only downloads with its grant only when signed in", async ({
  browser,
  request,
}) => {
  const bytes = Buffer.from("members' file");
  const note = (await site.create(request, "/api/v1/shares", {
    ttl: "1h",
    files: [{ name: "a.txt", type: "text/plain", size: bytes.length }],
    sign_in_required: true,
  })) as unknown as CreatedFiles;
  await uploadChunks(note.files[0]!.upload_url, note.upload_token, [bytes]);
  const member = await site.member(browser, "gina");
  const read = (await (await member.request.post(`${site.app()}/api/v1/shares/${note.id}/read`)).json()) as {
    files: { download_url: string }[];
  };
  const url = read.files[0]?.download_url ?? "";
  expect(await refusal(await request.get(url))).toEqual([401, "sign_in_required"]);
  const downloaded = await member.request.get(url);
  expect([downloaded.status(), (await downloaded.body()).toString()]).toEqual([200, "members' file"]);
  await member.close();
});

test("the viewer asks a signed-out reader to sign in and comes back to the note", async ({
  browser,
  request,
}) => {
  const note = await site.create(request, "/api/v1/shares", {
    content: "# Back from the provider",
    ttl: "1h",
    burn_after: 1,
    sign_in_required: true,
  });
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto(`${site.app()}/${String(note.id)}`);
  await expect(page.getByRole("heading", { name: "Sign in to read this note" })).toBeVisible();
  await expect(page.getByText("Back from the provider")).toHaveCount(0);
  const signIn = page.getByRole("link", { name: "Sign in to read" });
  await expect(signIn).toHaveAttribute("href", `/auth/sign-in?return_to=/${String(note.id)}`);
  await signInThrough(page, {
    app: site.app(),
    issuer: site.issuer(),
    login: "dave",
    start: () => signIn.click(),
  });
  await expect(page).toHaveURL(`${site.app()}/${String(note.id)}`);
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.getByRole("heading", { name: "Back from the provider" })).toBeVisible();
  await context.close();
});

test("an end-to-end note's key stays in the browser across the sign-in", async ({ browser }) => {
  const text = `secret-${randomBytes(8).toString("hex")}`;
  const creator = await browser.newContext({ ignoreHTTPSErrors: true });
  const createPage = await creator.newPage();
  await createPage.goto(`${site.app()}/`);
  await createPage.getByLabel("Text").fill(text);
  await createPage.getByLabel("Only people signed in can open it").check();
  await createPage.getByRole("button", { name: "Create note" }).click();
  const link = await createPage.getByRole("textbox", { name: "Link" }).inputValue();
  await creator.close();
  const key = new URL(link).hash.slice(1);
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const requests: Request[] = [];
  context.on("request", (request) => requests.push(request));
  const page = await context.newPage();
  await page.goto(link);
  const signIn = page.getByRole("link", { name: "Sign in to read" });
  await signInThrough(page, {
    app: site.app(),
    issuer: site.issuer(),
    login: "erin",
    start: () => signIn.click(),
  });
  await expect(page.getByText(text)).toBeVisible();
  expect(page.url()).toBe(link);
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  const sent = await Promise.all(requests.map(asSent));
  await context.close();
  // What was recorded is the real traffic: the viewer twice, the provider's pages, the read.
  expect(sent.filter((line) => line.includes(` ${site.issuer()}/`)).length).toBeGreaterThan(2);
  expect(sent.filter((line) => line.startsWith(`POST ${site.app()}/api/v1/shares/`)).length).toBe(1);
  for (const line of sent) expect(line).not.toContain(key);
});
