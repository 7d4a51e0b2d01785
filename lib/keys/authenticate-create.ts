import "server-only";
import { authenticateRequest, type ApiKeyIdentity } from "./authenticate-request";
import type { RequestLimits } from "../rate-limit/request-limits";

/**
 * Authenticates a create and charges its limit: per key with a valid key, else per client. A request
 * with a bad key is charged per client too, so trying keys is limited like any other create.
 */
export async function authenticateCreate(options: {
  request: Request;
  limits: RequestLimits;
}): Promise<ApiKeyIdentity | null> {
  const { request, limits } = options;
  const apiKey = await authenticateRequest(request.headers).catch(async (error: unknown) => {
    await limits.charge("create", limits.clientId);
    throw error;
  });
  await limits.charge(apiKey ? "createPerKey" : "create", apiKey ? `key:${apiKey.id}` : limits.clientId);
  return apiKey;
}
