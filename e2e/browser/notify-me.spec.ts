import { simpleParser } from "mailparser";
import { peopleSpec } from "../support/people-spec";
import { answer, createRequest } from "../support/requests";
import { testSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { expect, test } from "./browser-test";

// "Email me" for a signed-in person, on a server with SMTP_URL (the tests' SMTP server) signing
// people in at a real provider: the address is the one the provider verified, never one the browser
// sends; from the create pages, the session cookie and a personal key; refused with
// no_verified_email to a person whose provider verified none and to an anonymous caller.
test.describe.configure({ mode: "serial" });

let smtp: TestSmtpServer | undefined;

const { app, sameSite, sql, people, signedIn } = peopleSpec({
  databaseName: "notify_me",
  env: async () => {
    smtp = await testSmtpServer();
    await smtp.start();
    return { SMTP_URL: smtp.url, WEBHOOK_POLL_INTERVAL_MS: "100" };
  },
  stop: async () => smtp?.remove(),
});
const note = { content: "NOTIFY-ME-SECRET", ttl: "1h" };
const received = (address: string) => smtp!.received().filter((email) => email.to.includes(address));
const subjects = (address: string) =>
  Promise.all(received(address).map(async (email) => (await simpleParser(email.raw)).subject));

test("a signed-in person ticks “Email me” on the create page: the read is emailed to their verified address", async ({
  browser,
}) => {
  const alice = await signedIn(browser, "alice");
  await alice.goto(`${app()}/`);
  await alice.getByLabel("Text").fill("NOTIFY-ME-SECRET");
  // A typed address is not sent once the box is ticked: the verified one is used.
  await alice.getByLabel("Email me at").fill("typed@example.test");
  await alice.getByLabel("Email me when it is read, at the address my sign-in verified").check();
  await alice.getByRole("button", { name: "Create note" }).click();
  const link = await alice.getByRole("textbox", { name: "Link" }).inputValue();
  const id = new URL(link).pathname.slice(1);
  await alice.goto(link);
  await expect(alice.getByRole("article")).toHaveText("NOTIFY-ME-SECRET");
  await expect.poll(() => received("alice@example.test").length, { timeout: 20_000 }).toBe(1);
  expect(await subjects("alice@example.test")).toEqual([`Your note ${id.slice(0, 4)}… was read`]);
  expect(received("typed@example.test")).toHaveLength(0);
  const [email] = received("alice@example.test");
  expect(email!.raw).not.toContain("NOTIFY-ME-SECRET");
  // Sealed at rest like a typed address.
  const target = await sql().query("SELECT email FROM notify_targets WHERE subject_id = $1", [id]);
  expect(target.rows.map((row) => String(row.email).includes("alice"))).toEqual([false]);
});

test("the session cookie and a personal key ask for notify_me through the API; an answer is emailed", async ({
  playwright,
}) => {
  const alice = people.alice!;
  const requester = await createRequest(alice.request, { notify_me: true }, sameSite());
  const responder = await playwright.request.newContext({ baseURL: app() });
  expect((await answer(responder, requester, "an answer")).status()).toBe(201);
  await responder.dispose();
  await expect.poll(() => received("alice@example.test").length, { timeout: 20_000 }).toBe(2);
  expect((await subjects("alice@example.test"))[1]).toBe(
    `Your request ${requester.id.slice(0, 4)}… was answered`,
  );

  await alice.goto(`${app()}/me`);
  await alice.getByLabel("Key label").fill("mail");
  await alice.getByRole("button", { name: "Issue key" }).click();
  const key = await alice.getByLabel("New API key").inputValue();
  const created = await fetch(`${app()}/api/v1/shares`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ ...note, notify_me: true }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const read = await fetch(`${app()}/api/v1/shares/${id}/read`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(read.status).toBe(200);
  await expect.poll(() => received("alice@example.test").length, { timeout: 20_000 }).toBe(3);
  expect((await subjects("alice@example.test"))[2]).toBe(`Your note ${id.slice(0, 4)}… was read`);
});

test("a person without a verified email, an anonymous caller and a mixed body are refused with their codes", async ({
  browser,
  baseURL,
}) => {
  const carol = await signedIn(browser, "unverified-carol");
  await carol.goto(`${app()}/`);
  await expect(carol.getByLabel("Email me at")).toBeVisible();
  await expect(carol.locator("#notify_me")).toHaveCount(0);
  await carol.goto(`${app()}/requests/new`);
  await expect(carol.locator("#request-notify-me")).toHaveCount(0);
  const post = (body: object, headers: Record<string, string> = {}, base = app()) =>
    fetch(`${base}/api/v1/shares`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const codeOf = async (response: Response) => [
    response.status,
    ((await response.json()) as { error: string }).error,
  ];

  const unverified = await carol.request.post(`${app()}/api/v1/shares`, {
    headers: sameSite(),
    data: { ...note, notify_me: true },
  });
  expect([unverified.status(), ((await unverified.json()) as { error: string }).error]).toEqual([
    400,
    "no_verified_email",
  ]);
  expect(await codeOf(await post({ ...note, notify_me: true }))).toEqual([400, "no_verified_email"]);
  const both = await people.alice!.request.post(`${app()}/api/v1/shares`, {
    headers: sameSite(),
    data: { ...note, notify_me: true, notify_email: "a@example.test" },
  });
  expect([both.status(), ((await both.json()) as { error: string }).error]).toEqual([
    400,
    "bad_notify_email",
  ]);
  expect(await codeOf(await post({ ...note, notify_me: "yes" }))).toEqual([400, "bad_notify_email"]);
  // The shared server sends no email at all.
  expect(await codeOf(await post({ ...note, notify_me: true }, {}, baseURL))).toEqual([
    400,
    "notifications_unavailable",
  ]);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(smtp!.received().map((email) => email.to)).toEqual([
    ["alice@example.test"],
    ["alice@example.test"],
    ["alice@example.test"],
  ]);
});
