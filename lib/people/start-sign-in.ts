import "server-only";
import * as client from "openid-client";
import { randomBase64 } from "../crypto/random-string";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import { savePendingSignIn } from "./pending-sign-ins";
import { providerConfiguration } from "./provider";
import { redirectUri } from "./provider-settings";
import { returnToPath } from "./return-to";

/**
 * Starts a sign-in: the provider's authorization URL (code flow with PKCE S256, a fresh state and
 * nonce) and the sign-in cookie's value that binds it to this browser. `returnTo` is where the
 * person lands afterwards: bad_return_to unless it is a path on this site.
 */
export async function startSignIn(returnTo: string | null): Promise<{ location: string; browser: string }> {
  const path = returnToPath(returnTo);
  if (path === null)
    throw new ApiError("bad_return_to", "return_to must be a path on this site, such as /me.");
  const config = await providerConfiguration();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const browser = randomBase64(32, "url");
  await savePendingSignIn(state, browser, { nonce, codeVerifier, returnTo: path });
  const location = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(),
    scope: env.OIDC_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { location: location.href, browser };
}
