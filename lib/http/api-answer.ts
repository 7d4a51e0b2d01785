// What an API route handler answers: a status, headers and a body, and nothing more. Next.js gets it
// as a Web `Response` (toResponse); the front server writes it to Node's response as it is
// (lib/server/send-response.ts), without building a `Response`, its `Headers` and a stream around a
// body that is already a string.

type AnswerBody = string | ReadableStream<Uint8Array> | null;
/** A header's value; several for a header that may come more than once (Set-Cookie). */
type HeaderValue = string | readonly string[];

export class ApiAnswer {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Map<string, HeaderValue>;

  constructor(
    readonly body: AnswerBody,
    init: { status?: number; headers?: Readonly<Record<string, HeaderValue>> } = {},
  ) {
    this.status = init.status ?? 200;
    this.headers = new Map();
    const { headers } = init;
    for (const name in headers) this.headers.set(name, headers[name] ?? "");
    // What a `Response` says of a string body given no type, so that both forms say the same.
    if (typeof body === "string" && !this.headers.has("content-type")) {
      this.headers.set("content-type", "text/plain;charset=UTF-8");
    }
  }
}

/** The answer as the Web `Response` Next.js takes from a route. */
export function toResponse(answer: ApiAnswer): Response {
  const headers = [...answer.headers].flatMap(([name, value]): [string, string][] =>
    typeof value === "string" ? [[name, value]] : value.map((each) => [name, each]),
  );
  return new Response(answer.body, { status: answer.status, headers });
}
