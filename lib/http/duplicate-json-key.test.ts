import { describe, expect, it } from "vitest";
import { duplicateKeyPath } from "./duplicate-json-key";

// The first key seen twice in one object, as JSON reads keys, at any depth; never a false alarm on
// equal keys in different objects, or on key-like text inside strings.

describe("duplicateKeyPath", () => {
  it("finds a key twice at the top, in a nested object and in an array's object", () => {
    expect(duplicateKeyPath('{"content":"x","ttl":"1h","password":"a","password":""}')).toEqual(["password"]);
    expect(duplicateKeyPath('{"a":{"b":1,"c":{"d":1,"d":2}}}')).toEqual(["a", "c", "d"]);
    expect(
      duplicateKeyPath('{"pages":[{"content":"a"},{"content":"b","title":"t","title":"u"}],"ttl":"1h"}'),
    ).toEqual(["pages", 1, "title"]);
    expect(duplicateKeyPath('[[1,2],[{"x":[0,{"k":1}],"x":1}]]')).toEqual([1, 0, "x"]);
  });

  it("compares keys as JSON decodes them: escapes and the empty key", () => {
    expect(duplicateKeyPath('{"password":"a","p\\u0061ssword":""}')).toEqual(["password"]);
    expect(duplicateKeyPath('{"a\\"b":1,"a\\u0022b":2}')).toEqual(['a"b']);
    expect(duplicateKeyPath('{"":1,"":2}')).toEqual([""]);
    expect(duplicateKeyPath('{"a\\\\":1,"a\\\\\\\\":2}')).toBeNull();
  });

  it("finds none where each object's keys are distinct", () => {
    for (const text of [
      "{}",
      "[]",
      '{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}',
      // Key-like text inside values, escaped quotes and backslashes before a closing quote.
      '{"content":"\\"content\\":\\"x\\",","ttl":"1h \\\\","c":"{\\"ttl\\":1}"}',
      ' { "a" : [ 1 , { "b" : "}" } ] , "c" : "]" } ',
    ]) {
      expect(duplicateKeyPath(text), text).toBeNull();
    }
  });

  it("walks deep nesting and wide objects without recursion", () => {
    const depth = 100_000;
    expect(duplicateKeyPath(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`)).toBeNull();
    const wide = Array.from({ length: 50_000 }, (_, index) => `"k${index}":1`);
    expect(duplicateKeyPath(`{${wide.join(",")}}`)).toBeNull();
    expect(duplicateKeyPath(`{${wide.join(",")},"k49999":2}`)).toEqual(["k49999"]);
  });
});
