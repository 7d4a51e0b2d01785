import type { Request } from "@playwright/test";
import { generateRequestKeys, sealAnswer } from "../../lib/crypto/request-envelope";
import { expect, test } from "../support/fixtures";
import { asSent, membersOnlySite, refusal } from "../support/members-only-site";
import { signInThrough } from "../support/people-servers";

// Requests for members only against a real OpenID provider, and the option on the pages: offered
// only where a provider is configured, refused by the API where none is (the shared server).
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

const site = membersOnlySite("people_members_requests");

test("a request for members only refuses anonymous answers; its page asks to sign in", async ({
  browser,
  request,
  page,
}) => {
  const keys = await generateRequestKeys();
  const created = await site.create(request, "/api/v1/requests", {
    title: "Members' token",
    ttl: "1d",
    public_key: keys.publicKey,
    owner_proof: keys.ownerProof,
    sign_in_required: true,
  });
  const id = String(created.id);
  expect(created.sign_in_required).toBe(true);
  const envelope = await sealAnswer("the token", { requestId: id, publicKey: keys.publicKey });
  expect(await refusal(await request.get(`${site.app()}/api/v1/requests/${id}`))).toEqual([
    401,
    "sign_in_required",
  ]);
  const anonymous = await request.post(`${site.app()}/api/v1/requests/${id}/answers`, { data: { envelope } });
  expect(await refusal(anonymous)).toEqual([401, "sign_in_required"]);
  const stored = async () =>
    (await site.sql().query("SELECT answer_count FROM requests WHERE id = $1", [id])).rows[0] as Record<
      string,
      unknown
    >;
  expect(await stored()).toEqual({ answer_count: 0 });

  await page.goto(`${site.app()}/requests/${id}`);
  await expect(page.getByRole("heading", { name: "Sign in to answer this request" })).toBeVisible();
  await expect(page.getByText("Members' token")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in to answer" })).toHaveAttribute(
    "href",
    `/auth/sign-in?return_to=/requests/${id}`,
  );

  const member = await site.member(browser, "frank");
  expect(await (await member.request.get(`${site.app()}/api/v1/requests/${id}`)).json()).toMatchObject({
    title: "Members' token",
  });
  expect(
    (
      await member.request.post(`${site.app()}/api/v1/requests/${id}/answers`, { data: { envelope } })
    ).status(),
  ).toBe(201);
  expect(await stored()).toEqual({ answer_count: 1 });
  await member.close();

  // The requester's private link, signed out: after the sign-in, its key is back in the address
  // (kept in the tab, never sent) and the answers open.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const requests: Request[] = [];
  context.on("request", (sent) => requests.push(sent));
  const requester = await context.newPage();
  const privateLink = `${site.app()}/requests/${id}#${keys.privateKey}`;
  await requester.goto(privateLink);
  const signIn = requester.getByRole("link", { name: "Sign in to answer" });
  await signInThrough(requester, {
    app: site.app(),
    issuer: site.issuer(),
    login: "hana",
    start: () => signIn.click(),
  });
  await expect(requester.getByRole("article", { name: "Answer 1" })).toBeVisible();
  expect(requester.url()).toBe(privateLink);
  expect(await requester.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  const sent = await Promise.all(requests.map(asSent));
  await context.close();
  expect(sent.filter((line) => line.includes(` ${site.issuer()}/`)).length).toBeGreaterThan(2);
  for (const line of sent) expect(line).not.toContain(keys.privateKey);
});

test("pages offer the option only with a provider; without one the API refuses it", async ({
  page,
  request,
}) => {
  await page.goto(`${site.app()}/requests/new`);
  await expect(page.getByLabel("Only people signed in can open it")).toBeVisible();
  // The shared server has no provider.
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Create note" })).toBeVisible();
  await expect(page.getByLabel("Only people signed in can open it")).toHaveCount(0);
  await page.goto("/requests/new");
  await expect(page.getByLabel("Only people signed in can open it")).toHaveCount(0);
  const note = await request.post("/api/v1/shares", {
    data: { content: "x", ttl: "1h", sign_in_required: true },
  });
  expect(await refusal(note)).toEqual([400, "sign_in_unavailable"]);
  const keys = await generateRequestKeys();
  const asked = await request.post("/api/v1/requests", {
    data: {
      title: "t",
      ttl: "1d",
      public_key: keys.publicKey,
      owner_proof: keys.ownerProof,
      sign_in_required: true,
    },
  });
  expect(await refusal(asked)).toEqual([400, "sign_in_unavailable"]);
});
