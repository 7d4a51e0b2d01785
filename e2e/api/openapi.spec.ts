import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { sealNote } from "../../lib/crypto/envelope";
import { errorStatus } from "../../lib/http/api-error";
import { apiOperations, type ApiOperation } from "../../lib/openapi/api-operations";
import { jsonSchemaOf } from "../../lib/openapi/openapi-document";
import {
  standardBodyNote,
  webhookEventDescriptions,
  webhookEvents,
  webhookPayloadSchemaOf,
} from "../../lib/webhooks/webhook-schemas";
import { expect, issueKey, test } from "../support/fixtures";
import { expectConforms, fetchDocument } from "../support/openapi-conformance";

type Json = Record<string, unknown>;

// Real responses checked against the served OpenAPI document: each status must be documented for
// its route, each required header present, and each body must match the document's JSON Schema.
// The body check runs the zod schema the document was generated from, after proving that the
// document holds exactly that schema's JSON Schema.

/**
 * The operations the app serves under /api/v1, as OpenAPI paths and methods: every route folder,
 * asked with OPTIONS which methods it answers (a catch-all names none).
 */
async function servedOperations(request: APIRequestContext): Promise<string[]> {
  const root = path.join("app", "api", "v1");
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith("route.ts"));
  const served: string[] = [];
  for (const file of files) {
    const route = `/api/v1/${path.dirname(file)}`.replace(/\[(\w+)\]/g, "{$1}");
    const options = await request.fetch(route.replace("{id}", "AAAAAAAAAA"), { method: "OPTIONS" });
    for (const method of options.headers().allow?.split(", ") ?? []) {
      if (method !== "HEAD" && method !== "OPTIONS") served.push(`${method.toLowerCase()} ${route}`);
    }
  }
  return served.sort();
}

test.describe("OpenAPI document", () => {
  test("is OpenAPI 3.1 and documents every served route and every error code", async ({ request }) => {
    const document = await fetchDocument(request);
    expect(document.openapi).toBe("3.1.0");
    const documented = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method} ${route}`),
    );
    expect(documented.sort()).toEqual(await servedOperations(request));
    expect(document.components.schemas.ErrorCode.enum).toEqual(Object.keys(errorStatus));
    // Every code some route can answer is documented on a route; the rest are not the JSON API's
    // (the admin page's own routes under /admin/api, sign-in's under /auth, /me's under /me/api, a
    // 500, and key issuing, which only admins and /me do; password_required is a create's only under
    // REQUIRE_PASSWORD, which the shared server runs without), or answer a method no operation
    // serves (method_not_allowed, in the document's description).
    const used = new Set(
      apiOperations.flatMap((operation) => Object.values(operation.responses).flatMap((r) => r.codes ?? [])),
    );
    const unused = Object.keys(errorStatus).filter((code) => !used.has(code as keyof typeof errorStatus));
    expect(unused).toEqual([
      "password_required",
      "bad_return_to",
      "bad_sign_in_state",
      "sign_in_failed",
      "bad_admin_secret",
      "admin_session_required",
      "sign_in_denied",
      "method_not_allowed",
      "internal_error",
      "provider_unavailable",
      "key_generation_failed",
    ]);
    expect(document.info.description).toContain("405 method_not_allowed");
  });

  test("the release is package.json's version in the health answer, the document and the footer", async ({
    request,
  }) => {
    const { version } = JSON.parse(await readFile("package.json", "utf8")) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await (await request.get("/api/v1/health")).json()).version).toBe(version);
    expect((await fetchDocument(request)).info.version).toBe(version);
    const page = await (await request.get("/")).text();
    expect(page).toContain(`<span class="site-version">v${version}</span>`);
  });

  test("real responses of every route match the document", async ({ api, request }) => {
    const document = await fetchDocument(request);
    const check = (method: ApiOperation["method"], route: string, response: APIResponse) =>
      expectConforms(document, method, route, response);
    const key = await issueKey();
    const json = { "content-type": "application/json" };

    const created = await api.create({ content: "# hi", ttl: "1h", burn_after: 3, password: "pw" });
    await check("post", "/api/v1/shares", created.response);
    const id = created.json.id as string;
    const keyed = await api.create(
      { content: "<b>k</b>", format: "html", permanent: true },
      { "x-api-key": key },
    );
    await check("post", "/api/v1/shares", keyed.response);
    const multi = await api.create({ ttl: "1d", pages: [{ title: "a", content: "A" }, { content: "B" }] });
    await check("post", "/api/v1/shares", multi.response);
    await check("post", "/api/v1/shares", (await api.create({ content: "x", ttl: "2h" })).response);
    await check(
      "post",
      "/api/v1/shares",
      (await api.create({ content: "x", ttl: "1h" }, { "x-api-key": "nope" })).response,
    );
    await check(
      "post",
      "/api/v1/shares",
      (await api.create({ content: "x".repeat(600_000), ttl: "1h" })).response,
    );

    await check("get", "/api/v1/shares/{id}/meta", (await api.meta(id)).response);
    await check("get", "/api/v1/shares/{id}/meta", (await api.meta("AAAAAAAAAA")).response);
    await check("get", "/api/v1/shares/{id}/meta", (await api.meta(id, { "x-api-key": "nope" })).response);

    await check("post", "/api/v1/shares/{id}/read", (await api.read(id, { password: "no" })).response);
    await check("post", "/api/v1/shares/{id}/read", (await api.read(id, { password: "pw" })).response);
    await check("post", "/api/v1/shares/{id}/read", (await api.read(multi.json.id as string)).response);
    await check(
      "post",
      "/api/v1/shares/{id}/read",
      (await api.read(keyed.json.id as string, { password: 5 })).response,
    );
    await check("post", "/api/v1/shares/{id}/read", (await api.read("AAAAAAAAAA")).response);
    // An end-to-end note created with a key proof, read without it.
    const sealed = await sealNote("x");
    const proven = { content: sealed.envelope, key_proof: sealed.keyProof, encrypted: true, ttl: "1h" };
    await check("post", "/api/v1/shares/{id}/read", (await api.read(await api.createId(proven))).response);

    const remove = (noteId: string, headers: Record<string, string>) =>
      request.delete(`/api/v1/shares/${noteId}`, { headers });
    await check(
      "delete",
      "/api/v1/shares/{id}",
      await remove(keyed.json.id as string, { "x-api-key": "nope" }),
    );
    await check("delete", "/api/v1/shares/{id}", await remove(id, { "x-api-key": key }));
    await check("delete", "/api/v1/shares/{id}", await remove(keyed.json.id as string, { "x-api-key": key }));
    await check(
      "delete",
      "/api/v1/shares/{id}",
      await remove(id, { "x-delete-token": created.json.delete_token as string }),
    );

    // A note sent to recipients: its links in the create answer, the owner handle's meta and log.
    const sent = await api.create({ content: "x", ttl: "1h", burn_after: 2, recipients: ["Ann", "Ben"] });
    await check("post", "/api/v1/shares", sent.response);
    const [link] = sent.json.links as { id: string }[];
    await check("post", "/api/v1/shares/{id}/read", (await api.read(link!.id)).response);
    await check("get", "/api/v1/shares/{id}/meta", (await api.meta(sent.json.id as string)).response);
    await check("get", "/api/v1/shares/{id}/meta", (await api.meta(link!.id)).response);
    const owner = { "x-delete-token": sent.json.delete_token as string };
    const log = (noteId: string) => request.get(`/api/v1/shares/${noteId}/events`, { headers: owner });
    await check("get", "/api/v1/shares/{id}/events", await log(sent.json.id as string));
    await check("get", "/api/v1/shares/{id}/events", await log(link!.id));
    await check("get", "/api/v1/shares/{id}/events", await log("AAAAAAAAAA"));
    await check(
      "get",
      "/api/v1/shares",
      await request.get("/api/v1/shares", { headers: { "x-api-key": key } }),
    );

    await check("get", "/api/v1/health", await request.get("/api/v1/health"));
    await check("get", "/api/v1/cron/cleanup", await request.get("/api/v1/cron/cleanup", { headers: json }));
    await check("get", "/api/v1/openapi.json", await request.get("/api/v1/openapi.json"));
  });

  test("documents each webhook event with the payload's schema and signature headers", async ({
    request,
  }) => {
    const { webhooks } = (await fetchDocument(request)) as unknown as {
      webhooks: Record<string, { post: Json & { parameters: { name: string }[]; requestBody: Json } }>;
    };
    expect(Object.keys(webhooks)).toEqual([...webhookEvents]);
    for (const event of webhookEvents) {
      const { post } = webhooks[event]!;
      expect(post.description).toBe(`${webhookEventDescriptions[event]} ${standardBodyNote}`);
      expect(post.parameters.map((parameter) => parameter.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
      expect(post.requestBody).toEqual({
        required: true,
        content: { "application/json": { schema: jsonSchemaOf(webhookPayloadSchemaOf(event), "output") } },
      });
    }
  });

  test("is linked from the README and the API reference", async () => {
    expect(await readFile("README.md", "utf8")).toContain("(http://localhost:3000/api/v1/openapi.json)");
    expect(await readFile("docs/api.md", "utf8")).toContain("(http://localhost:3000/api/v1/openapi.json)");
  });
});
