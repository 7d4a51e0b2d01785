import type { APIResponse } from "@playwright/test";
import { generateRequestKeys, sealAnswer } from "../../lib/crypto/request-envelope";
import { expect, expectError, test } from "../support/fixtures";
import { answer, createRequest, jsonOf } from "../support/requests";

// Every error code of the requests API, each with its status, against the shared test server.

const withJson = (response: Promise<APIResponse>) =>
  response.then(async (r) => ({ response: r, json: await jsonOf(r) }));

test.describe("request errors", () => {
  test("refuses bad create bodies with a named code each", async ({ request }) => {
    const keys = await generateRequestKeys();
    const good = { title: "T", ttl: "1d", public_key: keys.publicKey, owner_proof: keys.ownerProof };
    const create = (data: unknown) =>
      withJson(
        request.post("/api/v1/requests", {
          headers: { "content-type": "application/json" },
          data: typeof data === "string" ? data : JSON.stringify(data),
        }),
      );
    const cases: [unknown, string][] = [
      ["not json", "bad_json"],
      ["[1]", "bad_json"],
      [{ ...good, extra: 1 }, "unknown_field"],
      [{ ...good, title: undefined }, "bad_title"],
      [{ ...good, title: "   " }, "bad_title"],
      [{ ...good, title: 42 }, "bad_title"],
      [{ ...good, title: "x".repeat(201) }, "bad_title"],
      [{ ...good, title: "nul\u0000" }, "bad_json"],
      [{ ...good, instructions: "x".repeat(4001) }, "bad_instructions"],
      [{ ...good, instructions: 7 }, "bad_instructions"],
      [{ ...good, answers: 0 }, "bad_answers"],
      [{ ...good, answers: 101 }, "bad_answers"],
      [{ ...good, answers: 1.5 }, "bad_answers"],
      [{ ...good, answers: "2" }, "bad_answers"],
      [{ ...good, ttl: undefined }, "bad_ttl"],
      [{ ...good, ttl: "2h" }, "bad_ttl"],
      [{ ...good, files_allowed: "yes" }, "bad_files"],
      [{ ...good, files_allowed: 1 }, "bad_files"],
      [{ ...good, public_key: undefined }, "bad_public_key"],
      [{ ...good, public_key: "not a key" }, "bad_public_key"],
      [{ ...good, public_key: `B${"A".repeat(85)}A` }, "bad_public_key"],
      [{ ...good, owner_proof: undefined }, "bad_owner_proof"],
      [{ ...good, owner_proof: "short" }, "bad_owner_proof"],
    ];
    for (const [data, code] of cases) {
      await expectError(create(data), 400, code);
    }
    expect((await create(good)).response.status()).toBe(201);
  });

  test("refuses bad answers, unknown requests and wrong owner proofs with a named code each", async ({
    request,
  }) => {
    const requester = await createRequest(request, { answers: 5 });
    const other = await createRequest(request);
    const post = (id: string, data: unknown) =>
      withJson(request.post(`/api/v1/requests/${id}/answers`, { data: data as Record<string, unknown> }));
    const real = (await (await answer(request, requester, "x")).json()) as Record<string, unknown>;
    expect(real.number).toBe(1);
    const envelope = await sealAnswer("y", { requestId: requester.id, publicKey: requester.publicKey });
    const parts = envelope.split(".");
    await expectError(post(requester.id, {}), 400, "bad_envelope");
    await expectError(post(requester.id, { envelope: 42 }), 400, "bad_envelope");
    await expectError(post(requester.id, { envelope: "v1.key.x.y.z" }), 400, "bad_envelope");
    await expectError(
      post(requester.id, { envelope: [parts[0], `B${"A".repeat(85)}A`, ...parts.slice(2)].join(".") }),
      400,
      "bad_envelope",
    );
    await expectError(post(requester.id, { envelope, note: 1 }), 400, "unknown_field");
    await expectError(
      post(requester.id, { envelope: `${envelope}${"A".repeat(512 * 1024)}` }),
      413,
      "too_large",
    );
    await expectError(post("AAAAAAAAAA", { envelope }), 404, "not_found");
    await expectError(post("bad-id", { envelope }), 404, "not_found");

    const get = (path: string, headers: Record<string, string>) => withJson(request.get(path, { headers }));
    const answers = `/api/v1/requests/${requester.id}/answers`;
    await expectError(get(answers, {}), 403, "wrong_owner_proof");
    await expectError(get(answers, other.owner), 403, "wrong_owner_proof");
    await expectError(get(answers, { "x-owner-proof": "x" }), 403, "wrong_owner_proof");
    await expectError(get(`${answers}/1`, other.owner), 403, "wrong_owner_proof");
    await expectError(
      withJson(request.delete(`/api/v1/requests/${requester.id}`, { headers: other.owner })),
      403,
      "wrong_owner_proof",
    );
    for (const number of ["0", "2", "abc", "01", "9999999999"]) {
      await expectError(get(`${answers}/${number}`, requester.owner), 404, "not_found");
    }
    const wrongMethod = await request.put(answers);
    expect(wrongMethod.status()).toBe(405);
    expect(wrongMethod.headers().allow).toBe("GET, HEAD, OPTIONS, POST");
  });
});
