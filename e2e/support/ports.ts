// Every port the tests listen on, as offsets from this run's E2E_PORT (playwright.config.ts: the
// shared test server's), in one table: projects run side by side, so two specs that picked the same
// offset would take each other's port now and then.
const base = Number(process.env.E2E_PORT);

export const testPorts = {
  sharedServer: base,
  embeddedDatabase: base + 1,
  adminDisabled: base + 2,
  trustedHtml: base + 3,
  rateLimitMemory: base + 10,
  rateLimitProxyA: base + 11,
  rateLimitProxyB: base + 12,
  rateLimitUnreachable: base + 13,
  upstashBridge: base + 14,
  cleanup: base + 20,
  outageProxy: base + 21,
  outageServer: base + 22,
  scaleOutA: base + 23,
  scaleOutB: base + 24,
  frontServerLog: base + 25,
  frontServerEmbedded: base + 26,
  outageLateServer: base + 27,
  frontServerClosedOutput: base + 28,
  rateLimitClosed: base + 29,
  dotenvServer: base + 30,
  dotenvRefused: base + 31,
  encryptedPrivacy: base + 40,
  webhookServerA: base + 32,
  webhookServerB: base + 33,
  webhookPublicOnly: base + 34,
};

const taken = Object.values(testPorts);
if (new Set(taken).size !== taken.length) throw new Error("Two entries of testPorts share a port.");
