import type { APIResponse } from "@playwright/test";
import { newFileSalt } from "../../lib/crypto/file-envelope";
import { sealAnswerWithFiles } from "../../lib/crypto/request-envelope";
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

test("real responses of an answer's files routes match the document", async ({ request }) => {
  const document = await fetchDocument(request);
  const check = (method: ApiOperation["method"], route: string, response: APIResponse) =>
    expectConforms(document, method, route, response);
  const requester = await createRequest(request, { files_allowed: true });
  const closed = await createRequest(request);
  const base = `/api/v1/requests/${requester.id}`;
  const sealed = await sealAnswerWithFiles(
    "",
    [{ name: "a.txt", type: "text/plain", size: 3, salt: newFileSalt() }],
    { requestId: requester.id, publicKey: requester.publicKey },
  );
  const post = (id: string, files: unknown) =>
    request.post(`/api/v1/requests/${id}/answers`, { data: { envelope: sealed.envelope, files } });
  const answers = "/api/v1/requests/{id}/answers";
  await check("post", answers, await post(closed.id, [{ size: 3 }]));
  await check("post", answers, await post(requester.id, [{ name: "a.txt", size: 3 }]));
  await check(
    "post",
    answers,
    await post(
      requester.id,
      Array.from({ length: 11 }, () => ({ size: 1 })),
    ),
  );
  const answered = await post(requester.id, [{ size: 3 }]);
  await check("post", answers, answered);
  const { upload_token: token } = (await answered.json()) as { upload_token: string };

  const file = "/api/v1/requests/{id}/answers/{number}/files/{index}";
  const chunk = `${file}/chunks/{chunk}`;
  await check(
    "get",
    "/api/v1/requests/{id}/answers",
    await request.get(`${base}/answers`, { headers: requester.owner }),
  );
  await check(
    "get",
    "/api/v1/requests/{id}/answers/{number}",
    await request.get(`${base}/answers/1`, { headers: requester.owner }),
  );
  // The 200 of the file's URL is binary in the document (the download), so its progress answer is
  // checked by request-files.spec.ts instead.
  await check("get", file, await request.get(`${base}/answers/1/files/0`));
  const put = (headers: Record<string, string>) =>
    request.put(`${base}/answers/1/files/0/chunks/0`, { headers, data: Buffer.alloc(19) });
  await check("put", chunk, await put({ "x-upload-token": "wrong" }));
  await check("put", chunk, await put({ "x-upload-token": token }));
  await check("put", chunk, await put({ "x-upload-token": token }));
  await check(
    "get",
    file,
    await request.get(`${base}/answers/1/files/0`, { headers: { "x-owner-proof": "A".repeat(43) } }),
  );
});
