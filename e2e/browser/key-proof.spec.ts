import { keyProof, sealNote } from "../../lib/crypto/envelope";
import { expect, test } from "./browser-test";

// The create page sends the key proof of the link's key (lib/crypto/envelope.ts) and the viewer
// sends it with every read of an end-to-end note: without the key, a read is refused and spends
// nothing, whether it comes from the viewer or from anyone who knows the note's id.

test("a note from the create page is read only with its link's key; without it nothing is spent", async ({
  page,
  api,
}) => {
  await page.goto("/");
  await page.getByLabel("Text").fill("only with the **key**");
  await page.getByLabel("Read limit").fill("2");
  const creating = page.waitForRequest((request) => request.url().endsWith("/api/v1/shares"));
  await page.getByRole("button", { name: "Create note" }).click();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  const [withoutKey, key = ""] = url.split("#");
  const id = new URL(withoutKey!).pathname.slice(1);
  const proof = await keyProof(key);
  expect((await creating).postDataJSON()).toMatchObject({ encrypted: true, key_proof: proof });

  // Someone who has the id alone (a truncated link, a log line) cannot spend a view.
  const refused = await api.read(id);
  expect(refused.response.status()).toBe(403);
  expect(refused.json.error).toBe("bad_key_proof");

  // The viewer without the fragment says so and reads nothing.
  await page.goto(withoutKey!);
  await expect(page.getByRole("heading", { name: "This link is missing its key" })).toBeVisible();
  await expect(page.getByText("Nothing was read: no view was spent.")).toBeVisible();

  // With another note's key (well formed, so the viewer asks the server): refused, nothing spent.
  const other = await sealNote("other");
  await page.goto(`/${id}#${other.key}`);
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(
    page.getByRole("heading", { name: "This link's key does not belong to this note" }),
  ).toBeVisible();
  await expect(page.getByText("Nothing was read: no view was spent.")).toBeVisible();
  expect((await api.meta(id)).json.remaining_views).toBe(2);

  // With its own key (put in the address bar of the same page): the viewer proves it, and it opens.
  await page.goto(url);
  const reading = page.waitForRequest((request) => request.url().endsWith(`/api/v1/shares/${id}/read`));
  await page.getByRole("button", { name: "Reveal note" }).click();
  expect((await reading).postDataJSON()).toEqual({ key_proof: proof });
  await expect(page.getByRole("article").locator("strong")).toHaveText("key");
  expect((await api.meta(id)).json.remaining_views).toBe(1);
});
