import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, queryRows } from "../db";
import { Prisma } from "../generated/prisma/client";
import { issueApiKey } from "./issue-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

afterAll(closeDatabase);

/** A bare note row of the key's (shares is our SQL's table: docs/development.md). */
const note = (id: string, apiKeyId: string, state: { expiresAt?: Date; burnedAt?: Date }) =>
  queryRows(Prisma.sql`
    INSERT INTO shares (id, api_key_id, content_type, page_count, multi_page, size_bytes, expires_at, burned_at)
    VALUES (${id}, ${apiKeyId}::uuid, 'markdown', 1, false, 1, ${state.expiresAt ?? null}::timestamptz,
            ${state.burnedAt ?? null}::timestamptz)`);

describe("listApiKeys", () => {
  it("counts a key's active notes: neither expired nor burned", async () => {
    const key = await issueApiKey({ label: "counted" });
    const tag = key.id.slice(0, 6);
    await note(`live1${tag}`.slice(0, 10), key.id, {});
    await note(`live2${tag}`.slice(0, 10), key.id, { expiresAt: new Date(Date.now() + 60_000) });
    await note(`gone1${tag}`.slice(0, 10), key.id, { expiresAt: new Date(Date.now() - 1000) });
    await note(`gone2${tag}`.slice(0, 10), key.id, { burnedAt: new Date() });
    const listed = (await listApiKeys()).find((entry) => entry.id === key.id);
    expect(listed).toMatchObject({ label: "counted", prefix: key.prefix, activeNotes: 2, revokedAt: null });
    expect(Object.keys(listed ?? {})).not.toContain("keyHash");
  });

  it("filters by status and sorts", async () => {
    const first = await issueApiKey({ label: "aa older, revoked" });
    // created_at keeps milliseconds: two keys issued within the same one would tie in the sort.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await issueApiKey({ label: "zz newer, active" });
    await revokeApiKey({ keyOrId: first.id });
    const ids = (keys: { id: string }[]) =>
      keys.map((key) => key.id).filter((id) => [first.id, second.id].includes(id));

    expect(ids(await listApiKeys({ status: "active" }))).toEqual([second.id]);
    expect(ids(await listApiKeys({ status: "revoked" }))).toEqual([first.id]);
    expect(ids(await listApiKeys())).toEqual([second.id, first.id]);
    expect(ids(await listApiKeys({ sort: "label" }))).toEqual([first.id, second.id]);
    expect(ids(await listApiKeys({ sort: "created", status: "all" }))).toEqual([second.id, first.id]);
  });
});
