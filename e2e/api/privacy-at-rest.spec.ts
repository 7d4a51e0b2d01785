import { createHmac, randomBytes } from "node:crypto";
import { sealNote } from "../../lib/crypto/envelope";
import { databaseUrl, expect, issueKey, test } from "../support/fixtures";
import { pgDump } from "../support/dump-database";
import { createWithRecipients, type Link } from "../support/recipients";
import { timeouts } from "../support/timeouts";
import { startWebhookReceiver } from "../support/webhook-receiver";

// What a copy of the database tells about readers and recipients (security review, issue 27): no
// recipient's label in clear, for ordinary and end-to-end notes alike, while its owner still sees
// them in the log and its webhooks; and no salt that would turn a reader's fingerprint back into
// an address. Against the shared test server and its database.

type Json = Record<string, unknown>;

// The shared test database, but for the file chunks' bytes: the files specs store 200 MiB files
// there (sealed or end-to-end ciphertext, searched by their own privacy tests), which would make the
// dump larger than this process should hold.
const dump = () => pgDump(databaseUrl, ["file_chunks"]);

test("recipients' labels are sealed at rest, and shown to the owner in the log and webhooks", async ({
  api,
  request,
  sql,
}) => {
  test.setTimeout(timeouts.serverTest);
  const mark = `Lbl${randomBytes(8).toString("hex")}`;
  const key = await issueKey("labels");
  const keyed = { "x-api-key": key };
  const receiver = await startWebhookReceiver();
  try {
    const hook = await request.post("/api/v1/webhooks", {
      headers: keyed,
      data: { url: receiver.url, events: ["note.read", "note.burned"] },
    });
    expect(hook.status()).toBe(201);
    const secret = ((await hook.json()) as Json).secret as string;

    const plain = await createWithRecipients(
      api,
      { content: "for two", burn_after: 1, recipients: [`${mark} Alice`, `${mark} Bob`] },
      keyed,
    );
    const sealed = await sealNote({ pages: [{ title: "", content: "secret", format: "markdown" }] });
    const e2e = await createWithRecipients(api, {
      content: sealed.envelope,
      encrypted: true,
      recipients: [`${mark} Carol`, `${mark} Dave`],
    });
    const [alice] = plain.links as [Link, Link];
    const [carol] = e2e.links as [Link, Link];
    expect(alice.label).toBe(`${mark} Alice`);
    expect((await api.read(alice.id)).response.status()).toBe(200);
    expect((await api.read(carol.id)).response.status()).toBe(200);

    // The owner sees each link's label in the log, and the webhook carries it.
    const log = async (id: string, headers: Record<string, string>) => {
      const response = await request.get(`/api/v1/shares/${id}/events`, { headers });
      expect(response.status()).toBe(200);
      const { events } = (await response.json()) as { events: { type: string; recipient: string | null }[] };
      return events.map(({ type, recipient }) => ({ type, recipient }));
    };
    expect(await log(plain.owner, keyed)).toEqual([
      { type: "created", recipient: null },
      { type: "created", recipient: `${mark} Alice` },
      { type: "created", recipient: `${mark} Bob` },
      { type: "read", recipient: `${mark} Alice` },
      { type: "burned", recipient: `${mark} Alice` },
    ]);
    expect(await log(carol.id, { "x-delete-token": e2e.json.delete_token as string })).toEqual([
      { type: "created", recipient: `${mark} Carol` },
      { type: "read", recipient: `${mark} Carol` },
    ]);
    await expect
      .poll(() => receiver.verified(secret).filter((event) => event.data.id === alice.id).length, {
        timeout: timeouts.expect,
      })
      .toBe(2);
    const delivered = receiver.verified(secret).filter((event) => event.data.id === alice.id);
    expect(delivered.map((event) => [event.type, event.data.recipient])).toEqual(
      expect.arrayContaining([
        ["note.read", `${mark} Alice`],
        ["note.burned", `${mark} Alice`],
      ]),
    );

    // Stored sealed in every place a label is kept, and nowhere in a dump.
    const stored = await sql.query<{ recipient: string }>(
      `SELECT recipient FROM shares WHERE id = ANY($1)
       UNION ALL SELECT recipient FROM note_events WHERE share_id = ANY($1)
       UNION ALL SELECT payload #>> '{data,recipient}' FROM webhook_deliveries WHERE payload #>> '{data,id}' = ANY($1)`,
      [[alice.id, carol.id]],
    );
    expect(stored.rows).toHaveLength(9);
    for (const { recipient } of stored.rows) expect(recipient).toMatch(/^v1\.[A-Za-z0-9_-]{8}\./);
    const dumped = await dump();
    expect(dumped).toContain(alice.id);
    expect(dumped).not.toContain(mark);
  } finally {
    await receiver.close();
  }
});

test("a dump of the database holds no salt that turns a reader's fingerprint into an address", async ({
  api,
  request,
  sql,
}) => {
  test.setTimeout(timeouts.serverTest);
  const key = await issueKey("fingerprints");
  const id = await api.createId({ content: "read twice", ttl: "1h" }, { "x-api-key": key });
  expect((await api.read(id)).response.status()).toBe(200);
  expect((await api.read(id)).response.status()).toBe(200);
  const response = await request.get(`/api/v1/shares/${id}/events`, { headers: { "x-api-key": key } });
  const { events } = (await response.json()) as { events: { type: string; client: string | null }[] };
  const clients = events.filter((event) => event.type === "read").map((event) => event.client);
  // The same reader on the same day: the same fingerprint.
  expect(clients).toHaveLength(2);
  expect(clients[0]).toMatch(/^[0-9a-f]{8}$/);
  expect(clients[1]).toBe(clients[0]);

  // The attack of the review: try every value in a dump as the salt, for the addresses the test
  // could have read from. With the salt in the database, one of them reproduced the fingerprint.
  const values = new Set((await dump()).split(/[\t\n ]+/).filter((value) => value.length >= 16));
  expect(values.size).toBeGreaterThan(100);
  const matches = [...values].filter((salt) =>
    ["127.0.0.1", "::1", "unknown"].some(
      (address) =>
        createHmac("sha256", Buffer.from(salt)).update(`${id}\n${address}`).digest("hex").slice(0, 8) ===
        clients[0],
    ),
  );
  expect(matches).toEqual([]);
  const { rows } = await sql.query<{ salts: string | null }>(
    "SELECT to_regclass('client_salts')::text AS salts",
  );
  expect(rows).toEqual([{ salts: null }]);
});
