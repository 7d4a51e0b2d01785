import "server-only";
import * as client from "openid-client";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import type { ApiRequest } from "../http/api-request";
import { errorSummary } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";
import { readGroups } from "./groups-claim";
import { recordSignIn, type Identity } from "./people-store";
import { takePendingSignIn } from "./pending-sign-ins";
import { createPersonSession } from "./person-sessions";
import { providerConfiguration } from "./provider";
import { redirectUri, signOutOrigin } from "./provider-settings";
import { cookieValue, idTokenCookieMaxLength, signInCookieName } from "./session-cookie";

// The provider's redirect back (GET /auth/callback). The sign-in it answers must be one this
// browser started and nobody finished (bad_sign_in_state otherwise: a forged state, a replayed
// callback, one older than ten minutes). openid-client then checks everything else: the state
// again, the issuer of the answer, the code's exchange with our PKCE verifier and client secret,
// and the ID token's signature, issuer, audience, nonce and times. A refusal by the provider is
// sign_in_denied, any failed check sign_in_failed; neither signs anyone in.

/** The session's token, where to go, and the ID token to keep for signing out at the provider. */
type SignedIn = { token: string; returnTo: string; idTokenHint: string | null };

/** The ID token, kept only for signing out at the provider, and only when it fits in a cookie. */
const hintOf = (idToken: string | undefined) =>
  signOutOrigin() && idToken && idToken.length <= idTokenCookieMaxLength ? idToken : null;

/** A refused sign-in, with where it was to land when the refusal came after its state was found. */
export class SignInRefused extends ApiError {
  constructor(
    refused: ApiError,
    readonly returnTo: string | null,
  ) {
    super(refused.code, refused.message);
  }
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

type Tokens = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

const requestIdOf = (request: ApiRequest) => {
  const id = request.headers.get("x-request-id");
  return id ? { request_id: id } : {};
};

async function identityOf(config: client.Configuration, tokens: Tokens): Promise<Identity> {
  const idToken = tokens.claims();
  if (!idToken) throw new ApiError("sign_in_failed", "The provider sent no ID token.");
  // The userinfo endpoint fills in what the ID token leaves out; openid-client checks its subject.
  const userinfo = config.serverMetadata().userinfo_endpoint
    ? await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
    : {};
  const claims: Record<string, unknown> = { ...userinfo, ...idToken };
  return {
    issuer: idToken.iss,
    subject: idToken.sub,
    displayName: text(claims.name) ?? text(claims.preferred_username),
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    groups: readGroups(env.OIDC_GROUPS_CLAIM, claims[env.OIDC_GROUPS_CLAIM]),
  };
}

/** fetch's own failure (undici's TypeError "fetch failed"), or openid-client's time limit. */
const providerDidNotAnswer = (error: unknown) =>
  (error instanceof TypeError && error.message === "fetch failed") ||
  (error instanceof DOMException && error.name === "TimeoutError");

/** What a failed sign-in answers; null for what is no refusal but a fault (the database, a bug). */
function refusal(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new ApiError("sign_in_denied", "The identity provider did not sign you in.");
  }
  if (
    error instanceof client.ClientError ||
    error instanceof client.ResponseBodyError ||
    error instanceof client.WWWAuthenticateChallengeError
  ) {
    return new ApiError("sign_in_failed", "The identity provider's answer did not pass its checks.");
  }
  if (providerDidNotAnswer(error)) {
    return new ApiError("provider_unavailable", "The identity provider cannot be reached; try again later.");
  }
  return null;
}

async function signIn(request: ApiRequest, started: { returnTo: string | null }): Promise<SignedIn> {
  const query = new URL(request.url).search;
  const state = new URLSearchParams(query).get("state");
  const browser = cookieValue(request.headers, signInCookieName);
  const pending = state && browser ? await takePendingSignIn(state, browser) : null;
  if (!state || !pending) {
    throw new ApiError("bad_sign_in_state", "This sign-in was not started here, or is over: sign in again.");
  }
  started.returnTo = pending.returnTo;
  const config = await providerConfiguration();
  const tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri()}${query}`), {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const personId = await recordSignIn(await identityOf(config, tokens));
  return {
    token: await createPersonSession(personId),
    returnTo: pending.returnTo,
    idTokenHint: hintOf(tokens.id_token),
  };
}

/** Finishes a sign-in: the new session's token and where to go; refusals are logged (no secrets). */
export async function finishSignIn(request: ApiRequest): Promise<SignedIn> {
  const started = { returnTo: null };
  try {
    return await signIn(request, started);
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    writeLogLine({
      level: "warn",
      msg: "sign-in refused",
      ...requestIdOf(request),
      reason: refused.code,
      error: errorSummary(error),
    });
    throw new SignInRefused(refused, started.returnTo);
  }
}
