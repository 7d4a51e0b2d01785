import { describe, expect, it } from "vitest";
import { generateRequestKeys, sealAnswer } from "../crypto/request-envelope";
import { ApiError } from "../http/api-error";
import { answerRequest } from "./answer-request";
import { createRequest } from "./create-request";
import { getRequest, getRequestForResponder } from "./get-request";
import { purgeExpiredRequests } from "./purge-expired-requests";
import { authorizeOwner } from "./request-owner";
import { testClient } from "../test/test-client";

// The requests domain against the test run's own Postgres database (lib/test/global-setup.ts).

const client = testClient();

const reader = { client: "0badcafe", browser: "other" };
const anonymous = async () => false;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "succeeded",
    (error: unknown) => (error instanceof ApiError ? error.code : `threw ${String(error)}`),
  );

async function newRequest(answers = 1) {
  const keys = await generateRequestKeys();
  const body = {
    title: "Token",
    instructions: "the CI one",
    answers,
    ttl: "1d",
    public_key: keys.publicKey,
    owner_proof: keys.ownerProof,
  };
  const created = await createRequest({ body, apiKey: null });
  return { ...keys, id: created.id };
}

describe("requests", () => {
  it("stores the title and instructions sealed, and opens them for the public view", async () => {
    const { id } = await newRequest();
    const { rows } = await client.query("SELECT title, instructions FROM requests WHERE id = $1", [id]);
    expect(rows[0].title).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain("Token");
    expect(await getRequest(id)).toMatchObject({ id, title: "Token", instructions: "the CI one" });
  });

  it("takes exactly its answers from 20 concurrent answerers, then request_closed", async () => {
    const request = await newRequest(4);
    const envelope = await sealAnswer("x", { requestId: request.id, publicKey: request.publicKey });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        codeOf(answerRequest({ id: request.id, envelope, reader, signedIn: anonymous })),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "succeeded")).toHaveLength(4);
    expect(outcomes.filter((outcome) => outcome === "request_closed")).toHaveLength(16);
    const { rows } = await client.query(
      "SELECT array_agg(number ORDER BY number) AS numbers, min(client) AS client FROM request_answers WHERE request_id = $1",
      [request.id],
    );
    expect(rows[0]).toEqual({ numbers: [1, 2, 3, 4], client: "0badcafe" });
  });

  it("refuses off-curve keys, oversized envelopes, another request's proof, and expired requests", async () => {
    const request = await newRequest(2);
    const other = await newRequest();
    const offCurve = `B${"A".repeat(85)}A`;
    const body = { title: "T", ttl: "1d", public_key: offCurve, owner_proof: request.ownerProof };
    expect(await codeOf(createRequest({ body, apiKey: null }))).toBe("bad_public_key");
    const envelope = await sealAnswer("x", { requestId: request.id, publicKey: request.publicKey });
    const [version, , ...rest] = envelope.split(".");
    const badPoint = [version, offCurve, ...rest].join(".");
    expect(
      await codeOf(answerRequest({ id: request.id, envelope: badPoint, reader, signedIn: anonymous })),
    ).toBe("bad_envelope");
    const huge = `${envelope}${"A".repeat(512 * 1024)}`;
    expect(await codeOf(answerRequest({ id: request.id, envelope: huge, reader, signedIn: anonymous }))).toBe(
      "too_large",
    );
    const proof = (value: string) => new Headers({ "x-owner-proof": value });
    expect(await codeOf(authorizeOwner(request.id, proof(other.ownerProof)))).toBe("wrong_owner_proof");
    expect(await codeOf(authorizeOwner(request.id, new Headers()))).toBe("wrong_owner_proof");
    expect(await codeOf(authorizeOwner(request.id, proof(request.ownerProof)))).toBe("succeeded");

    await client.query("UPDATE requests SET expires_at = now() - interval '1 second' WHERE id = $1", [
      request.id,
    ]);
    expect(await codeOf(answerRequest({ id: request.id, envelope, reader, signedIn: anonymous }))).toBe(
      "not_found",
    );
    expect(await codeOf(authorizeOwner(request.id, proof(request.ownerProof)))).toBe("not_found");
    expect(await purgeExpiredRequests()).toBeGreaterThanOrEqual(1);
    const { rows } = await client.query("SELECT count(*)::int AS n FROM requests WHERE id = $1", [
      request.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("tries another id when one is taken, and gives up after five", async () => {
    const taken = (await newRequest()).id;
    const keys = await generateRequestKeys();
    const body = { title: "T", ttl: "1d", public_key: keys.publicKey, owner_proof: keys.ownerProof };
    const ids = [taken, taken, "FreshId123"];
    const created = await createRequest({ body, apiKey: null, generateId: () => ids.shift() ?? "x" });
    expect(created.id).toBe("FreshId123");
    expect(await codeOf(createRequest({ body, apiKey: null, generateId: () => taken }))).toBe(
      "id_generation_failed",
    );
    await client.query("DELETE FROM requests WHERE id = 'FreshId123'");
  });
});

describe("a request for members only", () => {
  it("is refused at create without a provider: 400 sign_in_unavailable", async () => {
    const keys = await generateRequestKeys();
    const body = { title: "T", ttl: "1d", public_key: keys.publicKey, owner_proof: keys.ownerProof };
    expect(await codeOf(createRequest({ body: { ...body, sign_in_required: true }, apiKey: null }))).toBe(
      "sign_in_unavailable",
    );
    expect((await createRequest({ body, apiKey: null })).sign_in_required).toBe(false);
  });

  it("answers anonymous responders 401 sign_in_required, storing nothing; a signed-in one answers", async () => {
    const request = await newRequest(2);
    await client.query("UPDATE requests SET sign_in_required = true WHERE id = $1", [request.id]);
    const envelope = await sealAnswer("x", { requestId: request.id, publicKey: request.publicKey });
    const member = async () => true;
    expect(await codeOf(getRequestForResponder(request.id, anonymous))).toBe("sign_in_required");
    expect(await codeOf(answerRequest({ id: request.id, envelope, reader, signedIn: anonymous }))).toBe(
      "sign_in_required",
    );
    const stored = async () =>
      (
        await client.query<{ answer_count: number; answers: number }>(
          `SELECT answer_count, (SELECT count(*)::int FROM request_answers WHERE request_id = $1) AS answers
           FROM requests WHERE id = $1`,
          [request.id],
        )
      ).rows[0];
    expect(await stored()).toEqual({ answer_count: 0, answers: 0 });
    expect((await getRequestForResponder(request.id, member)).title).toBe("Token");
    expect((await answerRequest({ id: request.id, envelope, reader, signedIn: member })).number).toBe(1);
    expect(await stored()).toEqual({ answer_count: 1, answers: 1 });
    // The requester's own routes take the owner proof, signed in or not.
    expect((await authorizeOwner(request.id, new Headers({ "x-owner-proof": request.ownerProof }))).id).toBe(
      request.id,
    );
  });
});
