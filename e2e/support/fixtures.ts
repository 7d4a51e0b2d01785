import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { test as base, expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import pg from "pg";
import { adminUrl, withDatabase } from "../../lib/test/database";
import { timeouts } from "./timeouts";
import { serviceVersion } from "../../lib/version";

export { expect };

export const databaseUrl = withDatabase(adminUrl(), process.env.E2E_DATABASE_NAME ?? "");

type Json = Record<string, unknown>;

export type Api = {
  create: (body: unknown, headers?: Record<string, string>) => Promise<{ response: APIResponse; json: Json }>;
  /** Creates a note that must succeed, returning its id. */
  createId: (body: Json, headers?: Record<string, string>) => Promise<string>;
  read: (
    id: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ response: APIResponse; json: Json }>;
  meta: (id: string, headers?: Record<string, string>) => Promise<{ response: APIResponse; json: Json }>;
};

async function jsonOf(response: APIResponse): Promise<Json> {
  return (await response.json()) as Json;
}

function apiFor(request: APIRequestContext): Api {
  const api: Api = {
    async create(body, headers = {}) {
      const response = await request.post("/api/v1/shares", {
        headers: { "content-type": "application/json", ...headers },
        data: Buffer.from(typeof body === "string" ? body : JSON.stringify(body)),
      });
      return { response, json: await jsonOf(response) };
    },
    async createId(body, headers) {
      const { response, json } = await api.create(body, headers);
      expect(response.status(), JSON.stringify(json)).toBe(201);
      return json.id as string;
    },
    async read(id, body = {}, headers = {}) {
      const response = await request.post(`/api/v1/shares/${id}/read`, {
        headers: { "content-type": "application/json", ...headers },
        data: Buffer.from(typeof body === "string" ? body : JSON.stringify(body)),
      });
      return { response, json: await jsonOf(response) };
    },
    async meta(id, headers = {}) {
      const response = await request.get(`/api/v1/shares/${id}/meta`, { headers });
      return { response, json: await jsonOf(response) };
    },
  };
  return api;
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

/** Runs `npm run <script> -- ...` against the database at `url`, as an operator would: its output lines. */
export async function npmScript(script: string, args: string[], url: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", script, "--", ...args], {
    // An operator's command waits for the migrated database as long as it needs; the server's
    // connect timeout is for requests, and a busy test machine can take longer than it to migrate.
    env: { ...process.env, DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_MS: "60000" },
    timeout: timeouts.cli,
  });
  return stdout.trimEnd().split("\n");
}

/** Runs `npm run keys -- ...` against this run's database. */
export const keysCli = (...args: string[]): Promise<string[]> => npmScript("keys", args, databaseUrl);

export async function issueKey(label = `test-${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const lines = await keysCli("issue", "--label", label);
  return lines.at(-1) ?? "";
}

export const test = base.extend<{ api: Api; sql: pg.Pool }>({
  api: async ({ request }, use) => use(apiFor(request)),
  sql: async ({}, use) => use(pool),
});

export const expectError = async (
  result: Promise<{ response: APIResponse; json: Json }>,
  status: number,
  code: string,
) => {
  const { response, json } = await result;
  expect(response.status(), JSON.stringify(json)).toBe(status);
  expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(json.error).toBe(code);
  expect(typeof json.message).toBe("string");
  expect(Object.keys(json).sort()).toEqual(["error", "message"]);
};

type CheckStatus = "ok" | "unavailable";

/** The body GET /api/v1/health answers with, for the given check results (durations vary). */
export const healthReport = (
  status: "ok" | "degraded" | "unavailable",
  checks: { database: CheckStatus; rateLimit: CheckStatus; backend: "memory" | "upstash" },
) => ({
  status,
  version: serviceVersion,
  checks: {
    database: { status: checks.database, duration_ms: expect.any(Number) },
    rate_limit: { status: checks.rateLimit, duration_ms: expect.any(Number), backend: checks.backend },
  },
});
