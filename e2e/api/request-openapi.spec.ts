import type { APIResponse } from "@playwright/test";
import type { ApiOperation } from "../../lib/openapi/api-operations";
import { test } from "../support/fixtures";
import { expectConforms, fetchDocument } from "../support/openapi-conformance";
import { answer, createRequest } from "../support/requests";

// Real responses of every requests route, successes and errors, checked against the served OpenAPI
// document: each status documented for its route, its headers, its body's schema.

test("real responses of the requests routes match the document", async ({ request }) => {
  const document = await fetchDocument(request);
  const check = (method: ApiOperation["method"], route: string, response: APIResponse) =>
    expectConforms(document, method, route, response);
  const requester = await createRequest(request, { answers: 1 });
  const other = await createRequest(request);
  const base = `/api/v1/requests/${requester.id}`;
  const owner = { headers: requester.owner };

  await check("post", "/api/v1/requests", await request.post("/api/v1/requests", { data: { title: "" } }));
  await check("get", "/api/v1/requests/{id}", await request.get(base));
  await check("get", "/api/v1/requests/{id}", await request.get("/api/v1/requests/AAAAAAAAAA"));
  await check("post", "/api/v1/requests/{id}/answers", await answer(request, requester, "one"));
  await check("post", "/api/v1/requests/{id}/answers", await answer(request, requester, "two"));
  await check("post", "/api/v1/requests/{id}/answers", await answer(request, other, "x"));
  await check(
    "post",
    "/api/v1/requests/{id}/answers",
    await request.post(`${base}/answers`, { data: { envelope: "no" } }),
  );
  await check("get", "/api/v1/requests/{id}/answers", await request.get(`${base}/answers`, owner));
  await check("get", "/api/v1/requests/{id}/answers", await request.get(`${base}/answers`));
  const one = `${base}/answers/1`;
  await check("get", "/api/v1/requests/{id}/answers/{number}", await request.get(one, owner));
  await check("get", "/api/v1/requests/{id}/answers/{number}", await request.get(`${base}/answers/9`, owner));
  await check("delete", "/api/v1/requests/{id}/answers/{number}", await request.delete(one, owner));
  await check("delete", "/api/v1/requests/{id}/answers/{number}", await request.delete(one, owner));
  await check("delete", "/api/v1/requests/{id}", await request.delete(base, { headers: other.owner }));
  await check("delete", "/api/v1/requests/{id}", await request.delete(base, owner));
  await check("delete", "/api/v1/requests/{id}", await request.delete(base, owner));
});
