import { declaredMethods, openApiPath, type RouteDeclaration } from "../routes/route-declaration";
import { apiRoutes } from "../routes/routes";
import type { OpenApiOperation } from "./api-responses";

// Every operation of the public API, from the route table: lib/openapi/openapi-document.ts turns
// these into the OpenAPI document, and e2e/api/openapi.spec.ts checks real responses against the
// document and these same schemas.

export type ApiOperation = OpenApiOperation & { method: "get" | "post" | "put" | "delete"; path: string };

const documented: readonly RouteDeclaration<OpenApiOperation>[] = apiRoutes;

/**
 * Every body is a strict object (lib/http/parse-body.ts): a field it does not name is unknown_field;
 * and a key twice in one object is duplicate_key (lib/http/read-json-body.ts).
 */
function refusingBodyFaults(operation: OpenApiOperation): OpenApiOperation {
  if (!operation.body) return operation;
  const refused = operation.responses[400] ?? { description: "A field the body does not take" };
  const codes = [...(refused.codes ?? []), "unknown_field" as const, "duplicate_key" as const];
  return { ...operation, responses: { ...operation.responses, 400: { ...refused, codes } } };
}

export const apiOperations: ApiOperation[] = documented.flatMap((route) =>
  declaredMethods(route).map(([method, operation]) => ({
    ...refusingBodyFaults(operation),
    method: method.toLowerCase() as ApiOperation["method"],
    path: openApiPath(route.pattern),
  })),
);
