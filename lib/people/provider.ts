import "server-only";
import * as client from "openid-client";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import { writeLogLine } from "../process/log-line";
import { errorSummary } from "../process/describe-error";

// The organisation's OpenID Connect provider, as openid-client knows it from its discovery document
// (endpoints, signing keys, what it supports). Found once per copy of this module and kept; a
// failed discovery is tried again on the next sign-in.

let configuration: Promise<client.Configuration> | undefined;

function discover(): Promise<client.Configuration> {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = env;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) throw new ApiError("not_found", "Not found.");
  return client.discovery(
    new URL(OIDC_ISSUER),
    OIDC_CLIENT_ID,
    undefined,
    client.ClientSecretBasic(OIDC_CLIENT_SECRET),
  );
}

/** The provider's configuration; provider_unavailable (logged) when it cannot be reached. */
export async function providerConfiguration(): Promise<client.Configuration> {
  configuration ??= discover();
  try {
    return await configuration;
  } catch (error) {
    configuration = undefined;
    if (error instanceof ApiError) throw error;
    writeLogLine({ level: "warn", msg: "identity provider unreachable", error: errorSummary(error) });
    throw new ApiError("provider_unavailable", "The identity provider cannot be reached; try again later.");
  }
}
