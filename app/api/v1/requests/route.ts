import { parseBody } from "@/lib/http/parse-body";
import { publicBaseUrl } from "@/lib/http/public-url";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { createRequest } from "@/lib/requests/create-request";
import { createRequestErrorCode } from "@/lib/requests/create-request-error-code";
import { requestApiUrl, toCreatedRequestResponse } from "@/lib/requests/request-response";
import { createRequestBodySchema } from "@/lib/requests/request-schemas";
import { notifyTargetOf } from "@/lib/notifications/notify-request";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/requests", {
  // POST /api/v1/requests: create a request for a secret
  POST: async (request, _params, { apiKey, person, limits }) => {
    const body = parseBody(createRequestBodySchema, await readJsonBody(request), createRequestErrorCode);
    const notify = await notifyTargetOf("request", body, request, { limits, apiKey, person });
    const created = await createRequest({ body, apiKey, person, notify });
    const baseUrl = publicBaseUrl(request);
    return jsonResponse(toCreatedRequestResponse(created, baseUrl), {
      status: 201,
      headers: { location: requestApiUrl(baseUrl, created.id) },
    });
  },
});
