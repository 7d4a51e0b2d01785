import { env } from "../env";

// Whether people can sign in, and the address the provider sends them back to. Apart from the
// provider's client (provider.ts), so that the route wrapper asks it without loading openid-client.

export function providerConfigured(): boolean {
  return env.OIDC_ISSUER !== undefined;
}

/** `{PUBLIC_URL}/auth/callback`: what operators register at the provider. */
export const redirectUri = (): string => `${env.PUBLIC_URL}/auth/callback`;
