import "server-only";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import type { ApiRequest } from "../http/api-request";
import { authenticateRequest, type ApiKeyIdentity } from "./authenticate-request";
import type { RequestLimits } from "../rate-limit/request-limits";

/**
 * Authenticates a create and charges its limit: per key with a valid key, else per client. A request
 * with a bad key is charged per client too, so trying keys is limited like any other create. With
 * CREATE_REQUIRES_KEY, a create without a key is charged per client and refused.
 */
export async function authenticateCreate(options: {
  request: ApiRequest;
  limits: RequestLimits;
}): Promise<ApiKeyIdentity | null> {
  const { request, limits } = options;
  const apiKey = await authenticateRequest(request.headers).catch(async (error: unknown) => {
    await limits.charge("create", limits.clientId);
    throw error;
  });
  await limits.charge(apiKey ? "createPerKey" : "create", apiKey ? `key:${apiKey.id}` : limits.clientId);
  if (!apiKey && env.CREATE_REQUIRES_KEY) {
    throw new ApiError(
      "bad_api_key",
      "This server needs an API key to create notes: send it as X-API-Key or Authorization: Bearer.",
    );
  }
  return apiKey;
}
