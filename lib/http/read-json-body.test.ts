import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { maxBodyBytes, readJsonBody } from "./read-json-body";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function codeOf(request: Request, options?: { emptyAsObject?: boolean }): Promise<string> {
  try {
    await readJsonBody(request, options);
    return "ok";
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe("readJsonBody", () => {
  it("parses a JSON object", async () => {
    expect(await readJsonBody(post('{"a":[1,{"b":null}]}'))).toEqual({ a: [1, { b: null }] });
  });

  it("refuses non-objects, broken JSON and invalid UTF-8 with bad_json", async () => {
    for (const body of ["[]", "1", '"s"', "null", "{", "{'a':1}"])
      expect(await codeOf(post(body))).toBe("bad_json");
    expect(await codeOf(post(new Uint8Array([0x7b, 0xff, 0x7d])))).toBe("bad_json");
  });

  it("treats an empty body as {} only when asked to", async () => {
    expect(await codeOf(post(""))).toBe("bad_json");
    expect(await readJsonBody(post(""), { emptyAsObject: true })).toEqual({});
    expect(await readJsonBody(post(null), { emptyAsObject: true })).toEqual({});
  });

  it("answers bad_json when the body stream fails midway (a client that went away)", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"content":"ab'));
      },
    });
    await expect(readJsonBody(post(body))).rejects.toEqual(
      new ApiError("bad_json", "The request body ended before it was complete."),
    );
  });

  it("refuses a declared Content-Length over the limit without reading", async () => {
    const request = post("{}", { "content-length": String(maxBodyBytes + 1) });
    expect(await codeOf(request)).toBe("too_large");
  });

  it("counts streamed bytes when no length is declared", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        if (sent > 4 * maxBodyBytes) controller.close();
      },
    });
    expect(await codeOf(post(stream))).toBe("too_large");
    // It stopped reading soon after the limit rather than draining the whole stream.
    expect(sent).toBeLessThan(maxBodyBytes + 4 * chunk.byteLength);
  });

  it("accepts exactly the limit", async () => {
    const body = `{"a":"${"x".repeat(maxBodyBytes - 8)}"}`;
    expect(Buffer.byteLength(body)).toBe(maxBodyBytes);
    expect(await codeOf(post(body))).toBe("ok");
  });
});

describe("readJsonBody and a key twice in one object", () => {
  it("refuses it at any depth with duplicate_key, naming its path; a lone key reads as before", async () => {
    const refusal = (body: string) => readJsonBody(post(body)).catch((error: unknown) => error);
    expect(await refusal('{"content":"x","ttl":"1h","password":"a","password":""}')).toEqual(
      new ApiError("duplicate_key", 'The key "password" appears twice in one object: send each key once.'),
    );
    expect(
      await refusal(
        '{"ttl":"1h","pages":[{"content":"a"},{"content":"b","format":"html","format":"markdown"}]}',
      ),
    ).toEqual(
      new ApiError(
        "duplicate_key",
        'The key "pages[1].format" appears twice in one object: send each key once.',
      ),
    );
    expect(await readJsonBody(post('{"a":{"password":"x"},"password":"y"}'))).toEqual({
      a: { password: "x" },
      password: "y",
    });
  });
});
