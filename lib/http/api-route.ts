import type { ApiAnswer } from "./api-answer";
import type { ApiRequest } from "./api-request";
import { RequestLimits } from "../rate-limit/request-limits";
import { toErrorResponse } from "./respond";

export type Handler<P> = (request: ApiRequest, params: P, limits: RequestLimits) => Promise<ApiAnswer>;

/**
 * Wraps a route handler: resolves its params, turns every thrown error into the JSON shape, and puts
 * the RateLimit headers of whatever limits the handler charged on the answer, errors included.
 */
export function apiRoute<P>(route: string, handler: Handler<P>) {
  return async (request: ApiRequest, context: { params: Promise<P> }): Promise<ApiAnswer> => {
    const limits = new RequestLimits(request.headers);
    let response: ApiAnswer;
    try {
      response = await handler(request, await context.params, limits);
    } catch (error) {
      response = toErrorResponse(error, route, request.headers.get("x-request-id"));
    }
    return limits.applyHeaders(response);
  };
}
