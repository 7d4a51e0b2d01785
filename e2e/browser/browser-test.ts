import { expect as baseExpect } from "../support/fixtures";

export { issueKey, test } from "../support/fixtures";

// Pages wait on the server (creating a note renders it and hashes its password), and the machines
// that run this suite are small and shared: give each assertion time before it fails.
export const expect = baseExpect.configure({ timeout: 15_000 });
