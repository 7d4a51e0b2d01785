import { databaseUrl, expect, test } from "../support/fixtures";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { countActions } from "./admin-support";

// Sessions live on the server: two server processes sharing one database (A and B, one ADMIN_SECRET)
// know the same sessions; signing out ends that session for both, whoever still holds its cookie,
// and leaves other sessions alone; a server with another secret (the shared test server, on the same
// database) honours none of them, as after a change of the secret.
test.describe.configure({ mode: "serial" });

const secret = "sessions-spec-admin-secret";
let servers: ServerProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  const env = { DATABASE_URL: databaseUrl, ADMIN_SECRET: secret };
  const started = await Promise.allSettled([startServer({ env }), startServer({ env })]);
  servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
});
test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

const base = (server: number | string) =>
  typeof server === "string" ? server : (servers[server]?.url ?? "");
const sameSite = (server: number | string) => ({ origin: base(server) });

/** Signs in on a server; the session cookie's value. */
async function signIn(server: number): Promise<string> {
  const response = await fetch(`${base(server)}/admin/api/session`, {
    method: "POST",
    headers: sameSite(server),
    body: JSON.stringify({ secret }),
  });
  expect(response.status).toBe(204);
  const cookie = /^notes_admin_session=([^;]+);/.exec(response.headers.get("set-cookie") ?? "");
  return cookie?.[1] ?? "";
}

/** What a session-only admin call answers with `cookie`: 404 for an unknown note means signed in. */
async function probe(server: number | string, cookie: string): Promise<[number, string]> {
  const response = await fetch(`${base(server)}/admin/api/notes/lookup`, {
    method: "POST",
    headers: { ...sameSite(server), cookie: `notes_admin_session=${cookie}` },
    body: JSON.stringify({ note: "AAAAAAAAAA" }),
  });
  return [response.status, ((await response.json()) as { error: string }).error];
}
const signedIn: [number, string] = [404, "not_found"];
const signedOut: [number, string] = [401, "admin_session_required"];

async function signOut(server: number, cookie: string): Promise<void> {
  const response = await fetch(`${base(server)}/admin/api/session`, {
    method: "DELETE",
    headers: { ...sameSite(server), cookie: `notes_admin_session=${cookie}` },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get("set-cookie")).toMatch(/^notes_admin_session=; .*Max-Age=0/);
}

test("a session started on one server counts on the other", async () => {
  const cookie = await signIn(0);
  expect(await probe(0, cookie)).toEqual(signedIn);
  expect(await probe(1, cookie)).toEqual(signedIn);
});

test("after sign-out the old cookie is no session, on either server; another session goes on", async ({
  sql,
}) => {
  const first = await signIn(0);
  const second = await signIn(1);
  const signOutsBefore = await countActions(sql, "sign_out");
  await signOut(0, first);
  expect(await countActions(sql, "sign_out")).toBe(signOutsBefore + 1);
  // The copied cookie, replayed after the sign-out.
  expect(await probe(0, first)).toEqual(signedOut);
  expect(await probe(1, first)).toEqual(signedOut);
  // Signing out again with it is no sign-out: nothing is recorded.
  await signOut(1, first);
  expect(await countActions(sql, "sign_out")).toBe(signOutsBefore + 1);
  // The other administrator's session is untouched.
  expect(await probe(0, second)).toEqual(signedIn);
  expect(await probe(1, second)).toEqual(signedIn);
  // The admin page agrees: the sign-in form for the old cookie, the keys for the other.
  const page = async (cookie: string) =>
    (await fetch(`${base(1)}/admin`, { headers: { cookie: `notes_admin_session=${cookie}` } })).text();
  expect(await page(first)).toContain("Admin secret");
  expect(await page(second)).toContain("API keys");
});

test("a changed ADMIN_SECRET ends every session: a server with another secret honours none", async ({
  baseURL,
}) => {
  const cookie = await signIn(0);
  // The shared test server: the same database (the session's row is there), another secret.
  expect(await probe(baseURL ?? "", cookie)).toEqual(signedOut);
  expect(await probe(0, cookie)).toEqual(signedIn);
});
