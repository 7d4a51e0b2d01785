import { describe, expect, it } from "vitest";
import { z } from "zod";
import { signInBodySchema, issueKeyBodySchema, noteLookupBodySchema } from "../admin/admin-schemas";
import { jsonSchemaOf } from "../openapi/openapi-document";
import { apiOperations } from "../openapi/api-operations";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";

// The one mapping from zod's unrecognized_keys issue to unknown_field, and that every body the
// service takes is a strict object, so that the mapping applies on every route.

const schema = z.strictObject({
  name: z.string(),
  items: z.array(z.strictObject({ title: z.string() })).optional(),
  nested: z.strictObject({ deep: z.strictObject({ flag: z.boolean() }) }).optional(),
});

function refusal(body: unknown): { code: string; message: string; status: number } {
  try {
    parseBody(schema, body, () => "bad_json");
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message, status: error.status };
    throw error;
  }
  throw new Error("the body was accepted");
}

describe("parseBody's unknown fields", () => {
  it("answers 400 unknown_field naming a top-level field", () => {
    expect(refusal({ name: "x", nmae: "y" })).toEqual({
      code: "unknown_field",
      status: 400,
      message: 'Unknown field "nmae": this route does not take it.',
    });
  });

  it("names a nested field with its path, in arrays and objects", () => {
    expect(refusal({ name: "x", items: [{ title: "a" }, { title: "b", titel: "c" }] }).message).toBe(
      'Unknown field "items[1].titel": this route does not take it.',
    );
    expect(refusal({ name: "x", nested: { deep: { flag: true, flga: 1 } } }).message).toBe(
      'Unknown field "nested.deep.flga": this route does not take it.',
    );
  });

  it("names several, at most five, each cut to 100 characters", () => {
    expect(refusal({ name: "x", a: 1, b: 2 }).message).toBe(
      'Unknown fields "a", "b": this route does not take them.',
    );
    const many = Object.fromEntries(["a", "b", "c", "d", "e", "f", "g"].map((key) => [key, 1]));
    expect(refusal({ name: "x", ...many }).message).toBe(
      'Unknown fields "a", "b", "c", "d", "e" and 2 more: this route does not take them.',
    );
    expect(refusal({ name: "x", ["k".repeat(5000)]: 1 }).message).toBe(
      `Unknown field "${"k".repeat(100)}…": this route does not take it.`,
    );
  });

  it("wins over every other problem of the body (the typo is the cause of the rest)", () => {
    expect(refusal({ nmae: "x" }).code).toBe("unknown_field");
    expect(refusal({ name: 1, items: "no", extra: true }).code).toBe("unknown_field");
  });

  it("treats __proto__ and constructor as the unknown fields they are", () => {
    expect(refusal(JSON.parse('{"name":"x","__proto__":{"a":1}}')).message).toBe(
      'Unknown field "__proto__": this route does not take it.',
    );
    expect(refusal({ name: "x", constructor: 1 }).code).toBe("unknown_field");
  });

  it("leaves other problems their own codes", () => {
    expect(refusal({ name: 1 })).toEqual({
      code: "bad_json",
      status: 400,
      message: "name: Invalid input: expected string, received number",
    });
  });
});

/** Every object in a JSON Schema, with where it is. */
function objectsOf(node: unknown, where = "body"): [string, Record<string, unknown>][] {
  if (typeof node !== "object" || node === null) return [];
  const entries = Object.entries(node).flatMap(([key, child]) => objectsOf(child, `${where}.${key}`));
  const record = node as Record<string, unknown>;
  return record.type === "object" ? [[where, record], ...entries] : entries;
}

describe("every request body", () => {
  const bodies: [string, z.ZodType][] = [
    ...apiOperations.flatMap((operation): [string, z.ZodType][] =>
      operation.body ? [[`${operation.method} ${operation.path}`, operation.body.schema]] : [],
    ),
    ["admin sign-in", signInBodySchema],
    ["admin key issuing", issueKeyBodySchema],
    ["admin note lookup", noteLookupBodySchema],
  ];

  it.each(bodies)("%s refuses unknown fields at every depth", (_, body) => {
    const objects = objectsOf(jsonSchemaOf(body, "input"));
    expect(objects.length).toBeGreaterThan(0);
    for (const [where, object] of objects) expect(object.additionalProperties, where).toBe(false);
  });

  it("documents unknown_field and duplicate_key among each operation's 400 codes", () => {
    for (const operation of apiOperations.filter((candidate) => candidate.body)) {
      expect(operation.responses[400]?.codes, operation.path).toContain("unknown_field");
      expect(operation.responses[400]?.codes, operation.path).toContain("duplicate_key");
    }
  });
});
