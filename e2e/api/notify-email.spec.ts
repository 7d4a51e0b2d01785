import { simpleParser } from "mailparser";
import { expect, test } from "../support/fixtures";
import { startNotifyServer, type NotifyServer } from "../support/notify-server";
import type { TestSmtpServer } from "../support/smtp-server";
import { timeouts } from "../support/timeouts";

// notify_email over HTTP, on a server started with SMTP_URL (a real SMTP server with STARTTLS and
// AUTH) and a database of its own, beside the shared server, which has no SMTP_URL: the documented
// 400s, the create pages' field, the language of the create request, the reader's browser, the
// one-click unsubscribe, and a create with notify_email counted twice against the create limit.
test.describe.configure({ mode: "serial" });

let notify: NotifyServer | undefined;
let smtp: TestSmtpServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  notify = await startNotifyServer("notify_email");
  smtp = notify.smtp;
});

test.afterAll(async () => {
  await notify?.stop();
});

const app = () => notify?.server.url ?? "";
const create = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/v1/shares`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

test("refuses notify_email without SMTP_URL, and a bad address, with their own codes", async ({
  baseURL,
}) => {
  const note = { content: "x", ttl: "1h" };
  const without = await create(baseURL ?? "", { ...note, notify_email: "a@example.test" });
  expect(without.status).toBe(400);
  expect((await without.json()).error).toBe("notifications_unavailable");
  for (const notify_email of ["not an address", 5, "a@b@example.test", `${"a".repeat(250)}@example.test`]) {
    const response = await create(app(), { ...note, notify_email });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("bad_notify_email");
  }
  const request = await fetch(`${app()}/api/v1/requests`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      title: "t",
      ttl: "1h",
      public_key: "x",
      owner_proof: "A".repeat(43),
      notify_email: "nope",
    }),
  });
  expect(request.status).toBe(400);
  expect((await request.json()).error).toBe("bad_notify_email");
});

test("shows the address field on the create pages only with SMTP_URL", async ({ baseURL }) => {
  for (const page of ["/", "/requests/new"]) {
    expect(await (await fetch(`${app()}${page}`)).text()).toContain('name="notify_email"');
    expect(await (await fetch(`${baseURL}${page}`)).text()).not.toContain('name="notify_email"');
  }
});

test("emails a read in the create request's language, and one click turns the note's emails off", async () => {
  const address = "http@example.test";
  const created = await create(
    app(),
    { content: "HTTP-SECRET-TEXT", ttl: "1h", password: "http-PASSWORD", notify_email: address },
    { "accept-language": "fr-FR,fr;q=0.9" },
  );
  expect(created.status).toBe(201);
  const note = (await created.json()) as { id: string; url: string };
  const read = () =>
    fetch(`${app()}/api/v1/shares/${note.id}/read`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": firefox },
      body: JSON.stringify({ password: "http-PASSWORD" }),
    });
  expect((await read()).status).toBe(200);
  await expect.poll(() => smtp!.received().length, { timeout: 20_000 }).toBe(1);
  const [email] = smtp!.received();
  const mail = await simpleParser(email!.raw);
  expect(mail.subject).toBe(`Votre note ${note.id.slice(0, 4)}… a été lue`);
  expect(mail.text).toContain("Lecteur : Firefox");
  for (const secret of ["HTTP-SECRET-TEXT", "http-PASSWORD", note.url]) {
    expect([email!.raw, mail.text, mail.html].join("\n")).not.toContain(secret);
  }
  const oneClick = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(email!.raw.replace(/\r\n[ \t]+/g, " "))?.[1] ?? "";
  expect(oneClick.startsWith(`${app()}/api/v1/notifications/off?token=note.${note.id}.`)).toBe(true);
  const forged = await fetch(
    oneClick.replace(/.$/, (last) => (last === "A" ? "B" : "A")),
    { method: "POST" },
  );
  expect(forged.status).toBe(404);
  expect((await forged.json()).error).toBe("not_found");
  const page = await (
    await fetch(oneClick.replace("/api/v1/notifications/off", "/notifications/off"))
  ).text();
  expect(page).toContain("Stop the emails");
  const off = await fetch(oneClick, { method: "POST", body: "List-Unsubscribe=One-Click" });
  expect(off.status).toBe(200);
  expect(await off.json()).toEqual({ turned_off: "note" });
  expect((await read()).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(smtp!.received()).toHaveLength(1);
  // Neither the address nor the note's secrets reach the server's log (its stdout and stderr).
  const output = notify!.server.stdout() + notify!.server.stderr();
  expect(output).toContain('"route":"/api/v1/shares/[id]/read"');
  for (const secret of [address, "HTTP-SECRET-TEXT", "http-PASSWORD"]) expect(output).not.toContain(secret);
});

test("counts a create with notify_email twice against the create limit", async () => {
  const remaining = async (body: Record<string, unknown>) =>
    Number((await create(app(), { content: "x", ttl: "1h", ...body })).headers.get("ratelimit-remaining"));
  const before = await remaining({});
  await remaining({ notify_email: "limit@example.test" });
  expect(before - (await remaining({}))).toBe(3);
});
