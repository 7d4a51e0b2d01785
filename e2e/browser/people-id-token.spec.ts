import { expect, test } from "../support/fixtures";
import { accountOf } from "../support/oidc-provider";
import { adminPageOf } from "../support/people-servers";
import { peopleSpec } from "../support/people-spec";

// A provider without a userinfo endpoint, whose claims all travel in the ID token (as Azure AD's
// groups and many Keycloak setups do), naming the groups claim `roles`: the server reads the name,
// the email and the groups from the ID token alone, under OIDC_GROUPS_CLAIM. The other people specs'
// provider hands out groups from userinfo (e2e/support/oidc-provider.ts).
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

const spec = peopleSpec({
  databaseName: "people_id_token",
  env: async () => ({
    OIDC_GROUPS_CLAIM: "roles",
    ADMIN_GROUPS: "ops",
    ADMIN_SECRET: "people-id-token-spec",
  }),
  provider: { userinfo: false, groupsClaim: "roles" },
});

test("the provider names no userinfo endpoint and puts the claims in the ID token", async ({ request }) => {
  const discovery = await request.get(`${spec.issuer()}/.well-known/openid-configuration`);
  expect(discovery.status()).toBe(200);
  const metadata = (await discovery.json()) as Record<string, unknown>;
  expect(metadata.userinfo_endpoint).toBeUndefined();
  expect(metadata.claims_supported).toEqual(expect.arrayContaining(["roles", "email", "name"]));
});

test("groups from the ID token make an administrator; the name and the email's verification come from it too", async ({
  browser,
}) => {
  const olga = await spec.signedIn(browser, "ops-olga");
  await expect(olga.getByText(`Signed in as ${accountOf("ops-olga").name}.`)).toBeVisible();
  expect(await adminPageOf(olga, spec.app())).toBe("admin");
  const { rows } = await spec
    .sql()
    .query<{ email_verified: boolean }>("SELECT email_verified FROM people WHERE subject = $1", ["ops-olga"]);
  expect(rows).toEqual([{ email_verified: true }]);
});

test("a person whose ID token lists other groups is no administrator", async ({ browser }) => {
  const bob = await spec.signedIn(browser, "bob");
  await expect(bob.getByText(`Signed in as ${accountOf("bob").name}.`)).toBeVisible();
  expect(await adminPageOf(bob, spec.app())).toBe("sign-in form");
});
