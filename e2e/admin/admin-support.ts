import type { APIRequestContext, Page } from "@playwright/test";
import type pg from "pg";
import { expect } from "../support/fixtures";

// Helpers of the admin specs. The shared test server runs with ADMIN_SECRET = E2E_ADMIN_SECRET
// (playwright.config.ts).

export const adminSecret = process.env.E2E_ADMIN_SECRET ?? "";
export const siteOrigin = `http://127.0.0.1:${process.env.E2E_PORT}`;
/** What the admin page's own requests carry; API-level calls must say the same. */
export const sameOrigin = { origin: siteOrigin };

export const uniqueLabel = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

export async function signInThroughPage(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Admin secret").fill(adminSecret);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
}

/** Signs a request context in: its cookie jar then holds the session. */
export async function signInByRequest(request: APIRequestContext): Promise<void> {
  const response = await request.post("/admin/api/session", {
    headers: sameOrigin,
    data: { secret: adminSecret },
  });
  expect(response.status()).toBe(204);
}

export async function issueKeyByRequest(
  request: APIRequestContext,
  label = uniqueLabel("key"),
): Promise<{ id: string; key: string; prefix: string; label: string }> {
  const response = await request.post("/admin/api/keys", { headers: sameOrigin, data: { label } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; key: string; prefix: string; label: string };
}

export async function countActions(sql: pg.Pool, action: string): Promise<number> {
  const { rows } = await sql.query("SELECT count(*)::int AS n FROM admin_audit_log WHERE action = $1", [
    action,
  ]);
  return rows[0].n as number;
}
