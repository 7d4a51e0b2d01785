import type { Page } from "@playwright/test";
import { expect, issueKey, test, type Api } from "../support/fixtures";
import { signInThroughPage, siteOrigin } from "./admin-support";

// Moderation of a note sent to recipients: a recipient's link id, like the owner handle, shows the
// whole note (its content, its pages and every link with its label and reads); deleting takes the
// whole note down with all its links.

type Link = { label: string; id: string };

/** A note for Carol, alice and Bob (listed by label) whose Bob has read once and alice twice (burned). */
async function noteForThree(api: Api, key: string) {
  const { json } = await api.create(
    {
      ttl: "1h",
      burn_after: 2,
      pages: [
        { title: "One", content: "first for three" },
        { title: "Two", content: "second for three" },
      ],
      recipients: ["Carol", "alice", "Bob"],
    },
    { "x-api-key": key },
  );
  const [carol, alice, bob] = json.links as [Link, Link, Link];
  for (const id of [bob.id, alice.id, alice.id]) expect((await api.read(id)).response.status()).toBe(200);
  return { owner: json.id as string, alice, bob, carol };
}

async function lookUp(page: Page, reference: string) {
  await page.getByLabel("Note id or URL").fill(reference);
  await page.getByRole("button", { name: "Look up" }).click();
}

test("a recipient's link shows its whole note and every link; the owner handle too", async ({
  page,
  api,
}) => {
  const key = await issueKey("recipients-owner");
  const { owner, alice, bob, carol } = await noteForThree(api, key);
  await signInThroughPage(page);
  const table = page.getByRole("table", { name: "Recipients' links" });
  const expectDetails = async () => {
    await expect(page.getByRole("definition")).toHaveText([
      owner,
      "live",
      /UTC$/,
      /UTC$/,
      "per recipient's link (below)",
      "no",
      `recipients-owner (${key.slice(0, 12)}…)`,
      "markdown",
      "37 bytes",
      "2",
      /^with the server key [\w-]{8}$/,
      "not end to end",
    ]);
    await expect(table.getByRole("columnheader")).toHaveText(["Recipient", "Link id", "Status", "Reads"]);
    await expect(table.getByRole("row")).toHaveText([
      "RecipientLink idStatusReads",
      `alice${alice.id}burned2 of 2`,
      `Bob${bob.id}live1 of 2`,
      `Carol${carol.id}live0 of 2`,
    ]);
    await expect(page.getByText("Deleting the note takes it down whole")).toHaveText(
      "Deleting the note takes it down whole: its content and all of its recipients' links.",
    );
  };

  await lookUp(page, `${siteOrigin}/${bob.id}`);
  await expect(page.getByText(/is the link of the recipient/)).toHaveText(
    `${bob.id} is the link of the recipient “Bob”: shown here is the whole note it belongs to.`,
  );
  await expectDetails();
  // Its content is the owner's: reviewing shows it, and counts no read on any link.
  await page.getByRole("button", { name: "Review content" }).click();
  await expect(page.getByLabel("Note content").locator("pre")).toHaveText([
    "first for three",
    "second for three",
  ]);
  expect((await api.meta(owner)).json).toMatchObject({ live_links: 2, remaining_views: 3 });

  await lookUp(page, owner);
  await expect(page.getByText(/is the link of the recipient/)).toHaveCount(0);
  await expectDetails();
});

test("deleting through a recipient's link takes down the whole note with all its links", async ({
  page,
  api,
  sql,
}) => {
  const { owner, alice, bob, carol } = await noteForThree(api, await issueKey());
  const { rows: stored } = await sql.query("SELECT api_key_id FROM shares WHERE id = $1", [owner]);
  await signInThroughPage(page);
  await lookUp(page, carol.id);
  await page.getByRole("button", { name: "Delete note…" }).click();
  await page
    .getByRole("group", { name: `Delete note ${owner} and its 3 links for good?` })
    .getByRole("button", { name: "Delete note" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "deleted" })).toHaveText(
    `Note ${owner} was deleted.`,
  );

  const { rows } = await sql.query("SELECT id FROM shares WHERE id = ANY($1)", [
    [owner, alice.id, bob.id, carol.id],
  ]);
  expect(rows).toEqual([]);
  for (const id of [owner, bob.id, carol.id]) expect((await api.meta(id)).response.status()).toBe(404);
  const audit = await sql.query(
    "SELECT subject, details FROM admin_audit_log WHERE action = 'note_deleted' AND subject = $1",
    [owner],
  );
  expect(audit.rows).toEqual([
    { subject: owner, details: { size_bytes: 37, page_count: 2, key_id: stored[0].api_key_id } },
  ]);
  await lookUp(page, bob.id);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("No such note");
});

test("without a view limit, each link's reads are counted from its access log", async ({ page, api }) => {
  const { json } = await api.create({ ttl: "1h", content: "unlimited", recipients: ["Ann", "Ben"] });
  const [ann, ben] = json.links as [Link, Link];
  for (let read = 0; read < 2; read++) expect((await api.read(ann.id)).response.status()).toBe(200);
  await signInThroughPage(page);
  await lookUp(page, json.id as string);
  await expect(page.getByRole("table", { name: "Recipients' links" }).getByRole("row")).toHaveText([
    "RecipientLink idStatusReads",
    `Ann${ann.id}live2`,
    `Ben${ben.id}live0`,
  ]);
});
