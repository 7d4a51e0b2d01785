import "server-only";
import * as client from "openid-client";
import { env } from "../env";
import type { HeaderLookup } from "../http/api-request";
import { endPersonSession } from "./person-sessions";
import { providerConfiguration } from "./provider";
import { signOutOrigin } from "./provider-settings";
import { cookieValue, idTokenCookieName, sessionCookieName } from "./session-cookie";

/**
 * Ends the request's session on the server (every copy of its cookie stops working at once) and
 * says where the browser goes next: the site's front page, or with OIDC_SIGN_OUT_AT_PROVIDER=1 the
 * provider's end-session endpoint when its discovery document offers one on the issuer's origin
 * (which then sends the person back to the front page, a post-logout redirect URI to register),
 * with the ID token of the sign-in as its id_token_hint when the browser kept it.
 */
export async function signOutPerson(headers: HeaderLookup): Promise<string> {
  const token = cookieValue(headers, sessionCookieName);
  if (token) await endPersonSession(token);
  const home = `${env.PUBLIC_URL}/`;
  const origin = signOutOrigin();
  if (!origin || !env.OIDC_CLIENT_ID) return home;
  const config = await providerConfiguration();
  const endpoint = config.serverMetadata().end_session_endpoint;
  if (!endpoint || new URL(endpoint).origin !== origin) return home;
  const idTokenHint = cookieValue(headers, idTokenCookieName);
  return client.buildEndSessionUrl(config, {
    client_id: env.OIDC_CLIENT_ID,
    post_logout_redirect_uri: home,
    ...(idTokenHint && { id_token_hint: idTokenHint }),
  }).href;
}
