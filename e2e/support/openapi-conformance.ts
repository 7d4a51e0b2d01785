import type { APIRequestContext, APIResponse } from "@playwright/test";
import { apiOperations, type ApiOperation } from "../../lib/openapi/api-operations";
import { errorBodySchema, jsonSchemaOf } from "../../lib/openapi/openapi-document";
import { expect } from "./fixtures";

// Real responses checked against the served OpenAPI document (e2e/api/openapi.spec.ts and the
// specs of each API's routes): each status must be documented for its route, each required header
// present, and each body must match the document's JSON Schema.

type Json = Record<string, unknown>;
type DocumentedResponse = {
  headers?: Record<string, { required?: boolean; schema?: { const?: string } }>;
  content?: Json;
};
type Document = {
  openapi: string;
  info: { description: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;
  components: { schemas: { ErrorCode: { enum: string[] } } };
};

export async function fetchDocument(request: APIRequestContext): Promise<Document> {
  const response = await request.get("/api/v1/openapi.json");
  expect(response.status()).toBe(200);
  return (await response.json()) as Document;
}

export async function expectConforms(
  document: Document,
  method: ApiOperation["method"],
  route: string,
  response: APIResponse,
) {
  const status = response.status();
  const where = `${method.toUpperCase()} ${route} ${status}`;
  const documented = document.paths[route]?.[method]?.responses[String(status)];
  expect(documented, `${where} is not documented`).toBeDefined();
  const headers = response.headers();
  for (const [name, header] of Object.entries(documented?.headers ?? {})) {
    if (header.required) expect(headers[name.toLowerCase()], `${where}: header ${name}`).toBeTruthy();
    if (header.schema?.const)
      expect(headers[name.toLowerCase()], `${where}: header ${name}`).toBe(header.schema.const);
  }
  const answer = apiOperations.find((operation) => operation.method === method && operation.path === route)
    ?.responses[status];
  const schema = answer?.codes ? errorBodySchema(answer.codes) : answer?.schema;
  if (!schema) {
    expect(documented?.content, where).toBeUndefined();
    expect(await response.text(), where).toBe("");
    return;
  }
  expect(documented?.content, where).toEqual({
    "application/json": { schema: jsonSchemaOf(schema, "output") },
  });
  expect(headers["content-type"], where).toBe("application/json; charset=utf-8");
  const parsed = schema.safeParse(await response.json());
  expect(parsed.success, `${where}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
}
