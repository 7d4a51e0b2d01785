// Every port the tests listen on, as offsets from this run's E2E_PORT (playwright.config.ts: the
// shared test server's), in one table: projects run side by side, so two specs that picked the same
// offset would take each other's port now and then.
const base = Number(process.env.E2E_PORT);

export const testPorts = {
  sharedServer: base,
  // the api-via-next project's shared server: the same database, with DEBUG_NO_DIRECT_ROUTES=1
  viaNextServer: base + 7,
  embeddedDatabase: base + 1,
  embeddedPrivateFolder: base + 6,
  adminDisabled: base + 2,
  adminSessionsA: base + 4,
  adminSessionsB: base + 5,
  trustedHtml: base + 3,
  rateLimitMemory: base + 10,
  rateLimitProxyA: base + 11,
  rateLimitProxyB: base + 12,
  rateLimitUnreachable: base + 13,
  upstashBridge: base + 14,
  rateLimitViewer: base + 15,
  cleanup: base + 20,
  outageProxy: base + 21,
  outageServer: base + 22,
  scaleOutA: base + 23,
  scaleOutB: base + 24,
  frontServerLog: base + 25,
  frontServerEmbedded: base + 26,
  outageLateServer: base + 27,
  frontServerClosedOutput: base + 28,
  rateLimitOutageBridge: base + 29,
  dotenvServer: base + 30,
  dotenvRefused: base + 31,
  // e2e/api/configuration.spec.ts: npm start on the embedded database, beside npm run keys
  dotenvEmbedded: base + 197,
  // e2e/api/front-server-limits.spec.ts and front-server-answers.spec.ts
  frontServerFlood: base + 35,
  frontServerTimeouts: base + 36,
  frontServerAnswers: base + 37,
  sealedAtRest: base + 45,
  unsealedPages: base + 47,
  encryptedPrivacy: base + 40,
  metrics: base + 32,
  operatorSettings: base + 33,
  operatorSettingsPage: base + 34,
  webhookServerA: base + 50,
  webhookServerB: base + 51,
  webhookPublicOnly: base + 52,
  // e2e/api/start-up.spec.ts and e2e/api/drain.spec.ts
  startUpLocked: base + 60,
  startUpProxy: base + 61,
  startUpSilent: base + 62,
  startUpEmbedded: base + 63,
  startUpBadFolder: base + 64,
  drainKeepAlive: base + 65,
  drainAccepted: base + 66,
  // e2e/api/full-disk.spec.ts
  fullDiskPostgres: base + 80,
  fullDiskPostgresServer: base + 81,
  fullDiskEmbeddedServer: base + 82,
  panicEmbeddedServer: base + 86,
  drainQueued: base + 87,
  // e2e/api/start-up-messages.spec.ts
  startUpMessages: base + 170,
  // e2e/api/idempotency.spec.ts
  idempotencyProxy: base + 90,
  idempotencyServer: base + 91,
  // e2e/api/request-limits.spec.ts
  requestLimits: base + 140,
  // e2e/browser/requests-privacy.spec.ts and e2e/api/cli-requests.spec.ts
  requestsPrivacy: base + 141,
  requestsCli: base + 142,
  // e2e/api/requests-at-rest.spec.ts
  requestsAtRest: base + 143,
  // e2e/api/request-files.spec.ts
  requestFiles: base + 155,
  // e2e/api/files-lifecycle.spec.ts, files-memory.spec.ts; e2e/browser/files-storages.spec.ts
  filesLifecycle: base + 100,
  filesEmbedded: base + 101,
  filesMemory: base + 102,
  filesStoragesS3Server: base + 103,
  filesStoragesS3Store: base + 104,
  // e2e/api/files-s3.spec.ts: the service with FILE_STORAGE=s3 and the s3rver it stores in
  filesS3Server: base + 110,
  filesS3Store: base + 111,
  filesS3OutageServer: base + 112,
  filesS3OutageStore: base + 113,
  // e2e/browser/files-large.spec.ts
  filesLarge: base + 120,
  // e2e/api/cli-files-server.spec.ts: Postgres storage, then S3 storage and the s3rver it stores in
  cliFilesServer: base + 130,
  cliFilesProxy: base + 131,
  cliFilesS3Server: base + 132,
  cliFilesS3Store: base + 133,
  cliFilesS3Proxy: base + 134,
  // e2e/api/files-crash.spec.ts: a server on each storage, killed and started again on its port
  filesCrashPostgres: base + 200,
  filesCrashS3: base + 201,
  filesCrashS3Store: base + 202,
  // e2e/browser/files-crash.spec.ts: the same for the create page
  filesCrashPagePostgres: base + 203,
  filesCrashPageS3: base + 204,
  filesCrashPageS3Store: base + 205,
  // e2e/rate-limit/file-budget.spec.ts: two instances sharing an Upstash store, and one with a storage cap
  fileBudgetBridge: base + 206,
  fileBudgetA: base + 207,
  fileBudgetB: base + 208,
  fileBudgetCap: base + 209,
};

const taken = Object.values(testPorts);
if (new Set(taken).size !== taken.length) throw new Error("Two entries of testPorts share a port.");
// E2E_PORT stays under 3800 (playwright.config.ts), so offsets under 240 never reach 4045, a port fetch refuses.
if (taken.some((port) => port - base >= 240)) throw new Error("A testPorts offset is 240 or more.");
