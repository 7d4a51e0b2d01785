import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { createServer as createHttpsServer, type Server } from "node:https";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import Provider from "oidc-provider";

// A real OpenID Connect provider for the people specs: oidc-provider over https on 127.0.0.1, with a
// self-signed certificate made for the run (the service trusts it through NODE_EXTRA_CA_CERTS) and
// its development login pages, which any login and password pass. Each login is an account whose
// claims are derived from it (`alice`: "Alice Example", alice@example.test, verified, in the group
// `staff`); a login starting `unverified` has an unverified email, one starting `ops` is also in
// the group `ops`. Groups come with the profile scope (as Authentik sends them), from userinfo.

const run = promisify(execFile);

export type TestCertificate = { certFile: string; key: string; cert: string };

/** A self-signed certificate for 127.0.0.1, valid one day. */
export async function makeCertificate(): Promise<TestCertificate> {
  const folder = await mkdtemp(path.join(tmpdir(), "notes-oidc-"));
  const keyFile = path.join(folder, "key.pem");
  const certFile = path.join(folder, "cert.pem");
  await run("/usr/bin/openssl", [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1"],
    ...["-addext", "subjectAltName=IP:127.0.0.1"],
  ]);
  return { certFile, key: await readFile(keyFile, "utf8"), cert: await readFile(certFile, "utf8") };
}

/** A port nobody listens on now, from the system's ephemeral range (never a testPorts one). */
export async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type TestClient = {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
};

export type TestProvider = { issuer: string; stop: () => Promise<void> };

export const accountOf = (login: string) => ({
  name: `${login[0]?.toUpperCase()}${login.slice(1)} Example`,
  email: `${login}@example.test`,
  email_verified: !login.startsWith("unverified"),
  groups: login.startsWith("ops") ? ["staff", "ops"] : ["staff"],
});

export async function startProvider(
  certificate: TestCertificate,
  clients: TestClient[],
): Promise<TestProvider> {
  const issuer = `https://127.0.0.1:${await freePort()}`;
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      ...client,
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    cookies: { keys: ["notes-e2e-provider-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    findAccount: (_context, sub) => ({ accountId: sub, claims: () => ({ sub, ...accountOf(sub) }) }),
  });
  const server: Server = createHttpsServer(certificate, provider.callback());
  await new Promise<void>((resolve) => server.listen(Number(new URL(issuer).port), "127.0.0.1", resolve));
  return {
    issuer,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Signs in at the provider's development pages as `login`, in a browser that has no session there
 * yet: the login form, then the consent. The browser then goes back to the service.
 */
export async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
  await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: "attached" });
  await page.locator('button[type="submit"]').click();
}
