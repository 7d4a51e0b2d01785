import { expect, test } from "../support/fixtures";
import { answer, createRequest } from "../support/requests";
import { countActions, sameOrigin, signInThroughPage } from "./admin-support";

// An operator takes a request down from the admin page, by its private link (only its id is sent),
// with Enter or the button: the request and its answers are gone for every party, and the audit log
// records it.

test("take a request down by its link: it and its answers are gone, and it is recorded", async ({
  page,
  request,
  sql,
}) => {
  const requester = await createRequest(request, { answers: 2 });
  expect((await answer(request, requester, "to be taken down")).status()).toBe(201);
  const before = await countActions(sql, "request_deleted");

  await signInThroughPage(page);
  const section = page.getByRole("region", { name: "Requests" });
  // The button is there before anything is typed; Enter in the field asks, as the button does.
  const takeDown = section.getByRole("button", { name: "Take request down…" });
  await expect(takeDown).toBeVisible();
  await expect(takeDown).toBeDisabled();
  await section.getByLabel("Request id or link").fill(`${requester.url}#${requester.privateKey}`);
  await section.getByLabel("Request id or link").press("Enter");
  const confirm = section.getByRole("group", {
    name: `Take request ${requester.id} down, with its answers, for good?`,
  });
  await confirm.getByRole("button", { name: "Take request down", exact: true }).click();
  await expect(section.getByRole("status")).toHaveText(
    `Request ${requester.id} and its answers were deleted.`,
  );

  expect((await request.get(`/api/v1/requests/${requester.id}`)).status()).toBe(404);
  expect((await answer(request, requester, "after")).status()).toBe(404);
  const { rows } = await sql.query("SELECT count(*)::int AS n FROM request_answers WHERE request_id = $1", [
    requester.id,
  ]);
  expect(rows[0].n).toBe(0);
  expect(await countActions(sql, "request_deleted")).toBe(before + 1);
  const { rows: audit } = await sql.query(
    "SELECT subject FROM admin_audit_log WHERE action = 'request_deleted' ORDER BY id DESC LIMIT 1",
  );
  expect(audit[0].subject).toBe(requester.id);

  // A second take-down finds nothing; without a session the route is refused.
  await section.getByLabel("Request id or link").fill(requester.id);
  await takeDown.click();
  await section.getByRole("button", { name: "Take request down", exact: true }).click();
  await expect(section.getByRole("alert")).toContainText("No such request");
  const anonymous = await request.delete(`/admin/api/requests/${requester.id}`, { headers: sameOrigin });
  expect(anonymous.status()).toBe(401);
});
