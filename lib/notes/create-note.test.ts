import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../db";
import { randomAlphanumeric } from "../crypto/random-string";
import { createNote } from "./create-note";

// Runs against the test run's own Postgres database (lib/test/global-setup.ts).
afterAll(closeDatabase);

const body = { content: "collide", ttl: "1h" as const };

describe("createNote id collisions", () => {
  it("retries a colliding id with a fresh one", async () => {
    const taken = randomAlphanumeric(10);
    await createNote({ body, apiKey: null, generateId: () => taken });
    const fresh = randomAlphanumeric(10);
    const ids = [taken, taken, fresh];
    const created = await createNote({ body, apiKey: null, generateId: () => ids.shift() ?? "" });
    expect(created.id).toBe(fresh);
    expect(ids).toEqual([]);
  });

  it("gives 503 id_generation_failed after five collisions in a row", async () => {
    const taken = randomAlphanumeric(10);
    await createNote({ body, apiKey: null, generateId: () => taken });
    let attempts = 0;
    const generateId = () => {
      attempts++;
      return taken;
    };
    await expect(createNote({ body, apiKey: null, generateId })).rejects.toMatchObject({
      code: "id_generation_failed",
      status: 503,
    });
    expect(attempts).toBe(5);
  });
});
