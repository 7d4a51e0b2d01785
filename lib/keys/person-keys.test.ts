import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../db";
import { createTestPerson } from "../test/test-person";
import { authenticateRequest } from "./authenticate-request";
import { issueApiKey } from "./issue-api-key";
import { listApiKeys } from "./list-api-keys";
import { listPersonKeys, revokePersonKey } from "./person-keys";

// Personal keys (issued on /me): they act as their person, who alone lists and revokes them.

afterAll(closeDatabase);

describe("personal API keys", () => {
  it("act as their person, are listed for them alone and named in the admin's list", async () => {
    const [ann, bob] = [await createTestPerson(), await createTestPerson()];
    const personal = await issueApiKey({ label: "laptop", personId: ann.id });
    const admins = await issueApiKey({ label: "ci" });
    const headers = (key: string) => new Headers({ "x-api-key": key });
    expect(await authenticateRequest(headers(personal.key))).toEqual({ id: personal.id, personId: ann.id });
    expect(await authenticateRequest(headers(admins.key))).toEqual({ id: admins.id, personId: null });
    expect((await listPersonKeys(ann)).map((key) => key.id)).toEqual([personal.id]);
    expect(await listPersonKeys(bob)).toEqual([]);
    const owners = new Map((await listApiKeys()).map((key) => [key.id, key.owner]));
    // A person without a name or email is named by their id.
    expect([owners.get(personal.id), owners.get(admins.id)]).toEqual([ann.id, null]);
  });

  it("are revoked by their person only", async () => {
    const [ann, bob] = [await createTestPerson(), await createTestPerson()];
    const personal = await issueApiKey({ label: "laptop", personId: ann.id });
    const admins = await issueApiKey({ label: "ci" });
    expect(await revokePersonKey(bob, personal.id)).toBeNull();
    expect(await revokePersonKey(ann, admins.id)).toBeNull();
    expect(await revokePersonKey(ann, "not-a-uuid")).toBeNull();
    expect((await revokePersonKey(ann, personal.id))?.revokedAt).toBeInstanceOf(Date);
    await expect(authenticateRequest(new Headers({ "x-api-key": personal.key }))).rejects.toMatchObject({
      code: "bad_api_key",
    });
  });
});
