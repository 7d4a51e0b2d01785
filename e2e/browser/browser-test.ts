// What browser specs use. Pages wait on the server (creating a note renders it and hashes its
// password): the time an assertion may wait for them is playwright.config.ts's, from
// e2e/support/timeouts.ts, as in every other project.
export { expect, issueKey, test } from "../support/fixtures";
