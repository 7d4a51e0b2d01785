// Every time limit of the integration suite. Each is a ceiling that stops a stuck test, never a
// measure of speed (speed is `npm run bench`'s business): on a busy 2-core machine a server takes
// tens of seconds to start and the keys CLI several seconds, so each is many times what an idle
// machine needs, and a test that waits for something waits for the event itself, not for a guess.
export const timeouts = {
  /** a test that talks to the shared test server only */
  test: 120_000,
  /** a test or hook that starts servers of its own: room for two starts, one after the other */
  serverTest: 480_000,
  /** one server's start, from the spawn until its health route answers */
  serverStart: 180_000,
  /** one readiness probe, so that a server that accepts but never answers is probed again */
  readinessProbe: 10_000,
  /** the shared test server, with a production build first when there is none */
  webServer: 600_000,
  /** one run of a command-line script (`npm run keys`, `npm run cleanup`) */
  cli: 120_000,
  /** a 200 MiB file one way through a client (a CLI run, a page's upload): minutes on the embedded database */
  largeFile: 480_000,
  /** an expectation on a page, or an expect.poll, waiting for a state to arrive */
  expect: 30_000,
  /** one HTTP request to a test server, so that a hung answer fails the test with its cause */
  request: 60_000,
} as const;
