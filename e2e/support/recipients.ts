import type { APIRequestContext } from "@playwright/test";
import type pg from "pg";
import { expect, type Api } from "./fixtures";

// Helpers of the recipients specs: one note, one link per recipient.

export type Json = Record<string, unknown>;
export type Link = { label: string; id: string; url: string };
export type Entry = { type: string; recipient: string | null; remaining_views: number | null };

export const ttl = "1h";

export async function createWithRecipients(api: Api, body: Json, headers: Record<string, string> = {}) {
  const { response, json } = await api.create({ ttl, ...body }, headers);
  expect(response.status(), JSON.stringify(json)).toBe(201);
  return { owner: json.id as string, links: json.links as Link[], json };
}

export async function events(request: APIRequestContext, id: string, headers: Record<string, string>) {
  const response = await request.get(`/api/v1/shares/${id}/events`, { headers });
  expect(response.status()).toBe(200);
  const json = (await response.json()) as { events: Entry[] };
  return json.events.map(({ type, recipient, remaining_views }) => ({ type, recipient, remaining_views }));
}

export const remove = (request: APIRequestContext, id: string, headers: Record<string, string>) =>
  request.delete(`/api/v1/shares/${id}`, { headers });

export async function pagesOf(sql: pg.Pool, ids: string[]) {
  const { rows } = await sql.query<{ share_id: string }>(
    "SELECT share_id FROM share_pages WHERE share_id = ANY($1)",
    [ids],
  );
  return rows.map((row) => row.share_id);
}
