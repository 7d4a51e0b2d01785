import { toErrorResponse } from "./respond";

type Handler<P> = (request: Request, params: P) => Promise<Response>;

/** Wraps a route handler: resolves its params and turns every thrown error into the JSON shape. */
export function apiRoute<P = Record<string, never>>(route: string, handler: Handler<P>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    try {
      return await handler(request, await context.params);
    } catch (error) {
      return toErrorResponse(error, route);
    }
  };
}
