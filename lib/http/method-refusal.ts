import type { ServedMethod } from "../routes/route-declaration";
import { ApiAnswer } from "./api-answer";
import { ApiError, unknownApiRouteError } from "./api-error";
import { errorResponse } from "./respond";

// What a route answers for the methods it does not serve, from the methods it does: a JSON 405
// method_not_allowed whose message and Allow header name them, and an OPTIONS that names the same.
// A route that serves nothing is a catch-all: every method, OPTIONS included, is an unknown route.

type Answer = () => Promise<ApiAnswer>;

const unknownRoute: Answer = async () => errorResponse(unknownApiRouteError());

export function methodRefusal(served: readonly ServedMethod[]): { refuse: Answer; options: Answer } {
  if (served.length === 0) return { refuse: unknownRoute, options: unknownRoute };
  const allow = [...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
  const refuse = async () => {
    const response = errorResponse(
      new ApiError("method_not_allowed", `This path answers ${served.join(" and ")} only.`),
    );
    response.headers.set("allow", allow);
    return response;
  };
  return { refuse, options: async () => new ApiAnswer(null, { status: 204, headers: { allow } }) };
}
