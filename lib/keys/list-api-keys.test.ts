import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, getPrisma } from "../db";
import { issueApiKey } from "./issue-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

afterAll(closeDatabase);

const note = (id: string, apiKeyId: string, state: { expiresAt?: Date | null; burnedAt?: Date | null }) => ({
  id,
  apiKeyId,
  contentType: "markdown" as const,
  pageCount: 1,
  multiPage: false,
  sizeBytes: 1,
  expiresAt: null,
  ...state,
});

describe("listApiKeys", () => {
  it("counts a key's active notes: neither expired nor burned", async () => {
    const key = await issueApiKey({ label: "counted" });
    const tag = key.id.slice(0, 6);
    const prisma = await getPrisma();
    await prisma.note.createMany({
      data: [
        note(`live1${tag}`.slice(0, 10), key.id, {}),
        note(`live2${tag}`.slice(0, 10), key.id, { expiresAt: new Date(Date.now() + 60_000) }),
        note(`gone1${tag}`.slice(0, 10), key.id, { expiresAt: new Date(Date.now() - 1000) }),
        note(`gone2${tag}`.slice(0, 10), key.id, { burnedAt: new Date() }),
      ],
    });
    const listed = (await listApiKeys()).find((entry) => entry.id === key.id);
    expect(listed).toMatchObject({ label: "counted", prefix: key.prefix, activeNotes: 2, revokedAt: null });
    expect(Object.keys(listed ?? {})).not.toContain("keyHash");
  });

  it("filters by status and sorts", async () => {
    const first = await issueApiKey({ label: "aa older, revoked" });
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
