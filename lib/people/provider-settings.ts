import { env } from "../env";

// Whether people can sign in, and the address the provider sends them back to. Apart from the
// provider's client (provider.ts), so that the route wrapper asks it without loading openid-client.

export function providerConfigured(): boolean {
  return env.OIDC_ISSUER !== undefined;
}

/** `{PUBLIC_URL}/auth/callback`: what operators register at the provider. */
export const redirectUri = (): string => `${env.PUBLIC_URL}/auth/callback`;

/**
 * Where a sign-out form may send the browser besides this site: the provider's origin with
 * OIDC_SIGN_OUT_AT_PROVIDER=1. Browsers hold a form's redirect to the Content-Security-Policy's
 * form-action, so the pages' policy names it (proxy.ts), and only an end-session endpoint on it is used.
 */
export function signOutOrigin(): string | null {
  return env.OIDC_SIGN_OUT_AT_PROVIDER && env.OIDC_ISSUER ? new URL(env.OIDC_ISSUER).origin : null;
}
