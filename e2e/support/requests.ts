import type { APIRequestContext, APIResponse } from "@playwright/test";
import { generateRequestKeys, openAnswer, sealAnswer } from "../../lib/crypto/request-envelope";
import { expect } from "./fixtures";

// Helpers of the requests specs: a requester who makes a key pair and creates a request through the
// API, and what a responder sends, sealed with the one envelope implementation the pages and the CLI use.

type Json = Record<string, unknown>;

export type Requester = {
  id: string;
  url: string;
  privateKey: string;
  publicKey: string;
  ownerProof: string;
  /** the X-Owner-Proof header */
  owner: Record<string, string>;
};

export async function jsonOf(response: APIResponse): Promise<Json> {
  return (await response.json()) as Json;
}

/** Creates a request that must succeed (title "Your token" and a 1d ttl unless `fields` say otherwise). */
export async function createRequest(
  request: APIRequestContext,
  fields: Json = {},
  headers: Record<string, string> = {},
): Promise<Requester> {
  const keys = await generateRequestKeys();
  const response = await request.post("/api/v1/requests", {
    headers,
    data: {
      title: "Your token",
      ttl: "1d",
      public_key: keys.publicKey,
      owner_proof: keys.ownerProof,
      ...fields,
    },
  });
  const json = await jsonOf(response);
  expect(response.status(), JSON.stringify(json)).toBe(201);
  return {
    id: String(json.id),
    url: String(json.url),
    ...keys,
    owner: { "x-owner-proof": keys.ownerProof },
  };
}

/** Seals `text` to the request and posts it: the raw answer. */
export async function answer(request: APIRequestContext, requester: Requester, text: string) {
  const envelope = await sealAnswer(text, { requestId: requester.id, publicKey: requester.publicKey });
  return request.post(`/api/v1/requests/${requester.id}/answers`, { data: { envelope } });
}

/** Fetches answer `number` as the requester and opens it. */
export async function openedAnswer(request: APIRequestContext, requester: Requester, number: number) {
  const response = await request.get(`/api/v1/requests/${requester.id}/answers/${number}`, {
    headers: requester.owner,
  });
  expect(response.status()).toBe(200);
  const json = await jsonOf(response);
  return openAnswer(String(json.envelope), { requestId: requester.id, privateKey: requester.privateKey });
}
