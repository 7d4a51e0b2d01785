import { createServer as createHttpsServer, type Server } from "node:https";
import type { Page } from "@playwright/test";
import Provider from "oidc-provider";
import { freePort, type TestCertificate } from "./test-certificate";

// A real OpenID Connect provider for the people specs: oidc-provider over https on 127.0.0.1, with a
// self-signed certificate made for the run (the service trusts it through NODE_EXTRA_CA_CERTS) and
// its development login pages, which any login and password pass. Each login is an account whose
// claims are derived from it (`alice`: "Alice Example", alice@example.test, verified, in the group
// `staff`); a login starting `unverified` has an unverified email, one starting `ops` is also in
// the group `ops`. Groups come with the profile scope (as Authentik sends them), as the claim
// `groups`, from userinfo; `ProviderOptions` can name the claim otherwise and turn userinfo off, which
// puts every claim in the ID token alone (as providers without a userinfo endpoint do).

export { freePort, makeCertificate, type TestCertificate } from "./test-certificate";

export type TestClient = {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
};

/** `cut(path)`: from now on, a request for `path` finds its connection cut, as if the provider were down. */
export type TestProvider = { issuer: string; cut: (path: string) => void; stop: () => Promise<void> };

export const accountOf = (login: string) => ({
  name: `${login[0]?.toUpperCase()}${login.slice(1)} Example`,
  email: `${login}@example.test`,
  email_verified: !login.startsWith("unverified"),
  groups: login.startsWith("ops") ? ["staff", "ops"] : ["staff"],
});

export type ProviderOptions = {
  /** The claim that lists a login's groups; `groups` by default. */
  groupsClaim?: string;
  /** false: no userinfo endpoint, the claims travel in the ID token. */
  userinfo?: boolean;
};

export async function startProvider(
  certificate: TestCertificate,
  clients: TestClient[],
  options: ProviderOptions = {},
): Promise<TestProvider> {
  const issuer = `https://127.0.0.1:${await freePort()}`;
  const groupsClaim = options.groupsClaim ?? "groups";
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      ...client,
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    cookies: { keys: ["notes-e2e-provider-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", groupsClaim] },
    features: { userinfo: { enabled: options.userinfo ?? true } },
    findAccount: (_context, sub) => ({
      accountId: sub,
      claims: () => {
        const { groups, ...account } = accountOf(sub);
        return { sub, ...account, [groupsClaim]: groups };
      },
    }),
  });
  const answer = provider.callback();
  const cut = new Set<string>();
  const server: Server = createHttpsServer(certificate, (request, response) => {
    if (cut.has(new URL(request.url ?? "/", issuer).pathname)) request.socket.destroy();
    else void answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(Number(new URL(issuer).port), "127.0.0.1", resolve));
  return {
    issuer,
    cut: (path) => cut.add(path),
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
