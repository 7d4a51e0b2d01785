import { databaseUrl, expect, issueKey, test } from "../support/fixtures";
import { generateRequestKeys, sealAnswer } from "../../lib/crypto/request-envelope";
import { roomInWindow } from "../support/rate-windows";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// A server with CREATE_REQUIRES_KEY and a low create limit: a request needs a key to be created, and
// answering is rate limited per client like a note create.

test.describe("request limits", () => {
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    server = await startServer({
      env: { DATABASE_URL: databaseUrl, CREATE_REQUIRES_KEY: "1", RATE_LIMIT_CREATE: "3/1m" },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("creating needs a key; answers are limited per client, with Retry-After", async () => {
    const keys = await generateRequestKeys();
    const body = JSON.stringify({
      title: "Token",
      ttl: "1h",
      answers: 10,
      public_key: keys.publicKey,
      owner_proof: keys.ownerProof,
    });
    const create = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/v1/requests`, { method: "POST", headers, body });
    // The keyless create and the three answers below count in one minute's window: one that
    // straddles two let the third answer through (CI saw it once).
    await roomInWindow(60_000, 5_000);
    const refused = await create({});
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe("bad_api_key");
    const created = await create({ "x-api-key": await issueKey() });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // The keyless create above counted once: two answers pass, the third is refused.
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      const envelope = await sealAnswer(`answer ${i}`, { requestId: id, publicKey: keys.publicKey });
      last = await fetch(`${server.url}/api/v1/requests/${id}/answers`, {
        method: "POST",
        body: JSON.stringify({ envelope }),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect(((await last?.json()) as { error: string }).error).toBe("rate_limited");
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
