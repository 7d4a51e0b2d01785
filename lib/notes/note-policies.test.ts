import { beforeAll, describe, expect, it, vi } from "vitest";
import type { parseBody as ParseBody } from "../http/parse-body";
import type * as NoteSchemas from "./note-schemas";

// The create body under REQUIRE_PASSWORD=1 and MAX_BURN_AFTER=5: the schema reads the settings when
// it is loaded, so it is loaded afresh with them.
let parse: (body: unknown) => unknown;

beforeAll(async () => {
  vi.stubEnv("REQUIRE_PASSWORD", "1");
  vi.stubEnv("MAX_BURN_AFTER", "5");
  vi.resetModules();
  const schemas: typeof NoteSchemas = await import("./note-schemas");
  const { parseBody }: { parseBody: typeof ParseBody } = await import("../http/parse-body");
  parse = (body) => parseBody(schemas.createNoteBodySchema, body, schemas.createNoteErrorCode);
  vi.unstubAllEnvs();
});

function refusal(body: unknown): { code: string; message: string } | "ok" {
  try {
    parse(body);
    return "ok";
  } catch (error) {
    if (error instanceof Error && "code" in error)
      return { code: String(error.code), message: error.message };
    throw error;
  }
}

describe("a create body under the instance policies", () => {
  it("needs a password: missing or empty is password_required", () => {
    const needed = { code: "password_required", message: expect.stringContaining("password") };
    expect(refusal({ content: "x", ttl: "1h" })).toEqual(needed);
    expect(refusal({ content: "x", ttl: "1h", password: "" })).toEqual(needed);
    expect(refusal({ content: "x", ttl: "1h", password: "p" })).toBe("ok");
  });

  it("caps burn_after at MAX_BURN_AFTER with bad_burn_after naming the cap", () => {
    expect(refusal({ content: "x", ttl: "1h", password: "p", burn_after: 5 })).toBe("ok");
    expect(refusal({ content: "x", ttl: "1h", password: "p", burn_after: 6 })).toEqual({
      code: "bad_burn_after",
      message: "burn_after: must be at most 5 (this server's MAX_BURN_AFTER)",
    });
  });
});
