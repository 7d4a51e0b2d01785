// Notes through the API of any server, by its base URL: a spec's own server, a proxy in front of one,
// a benchmark's. (Specs on the shared server have the `api` fixture, fixtures.ts, through Playwright's
// request.)

type Json = Record<string, unknown>;
type Headers = Record<string, string>;

/** An answer: its status and its JSON body ({} when it has none). */
export type Answer = { status: number; json: Json };

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Json };
}

export function apiFor(base: string) {
  const post = async (path: string, body: unknown, headers: Headers = {}) =>
    answerOf(
      await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
  const api = {
    create: (body: unknown, headers?: Headers) => post("/api/v1/shares", body, headers),
    /** Creates a note that must succeed, returning its id. */
    async createId(body: Json, headers?: Headers): Promise<string> {
      const { status, json } = await api.create(body, headers);
      if (status !== 201) throw new Error(`The create answered ${status}, not 201: ${JSON.stringify(json)}`);
      return json.id as string;
    },
    read: (id: string, body: Json = {}, headers?: Headers) =>
      post(`/api/v1/shares/${id}/read`, body, headers),
    meta: async (id: string, headers: Headers = {}) =>
      answerOf(await fetch(`${base}/api/v1/shares/${id}/meta`, { headers })),
  };
  return api;
}
