// `npm run test:scale` (and the scale suite of `npm test`): the Playwright suite of e2e/scale behind
// HAProxy (playwright.scale.config.ts). Where HAProxy is not installed it says so in one line and
// counts as skipped (.ci/run installs it); NOTES_SCALE_CHECK=0 skips it on purpose (a developer's
// quicker `npm test`).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const skipped =
  process.env.NOTES_SCALE_CHECK === "0"
    ? "NOTES_SCALE_CHECK=0"
    : spawnSync("haproxy", ["-v"]).status !== 0 && "haproxy is not installed (apt-get install haproxy)";
if (skipped) {
  console.log(`scale suite: skipped: ${skipped}`);
  const report = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE;
  if (report)
    writeFileSync(report, JSON.stringify({ stats: { expected: 0, flaky: 0, unexpected: 0, skipped: 1 } }));
  process.exit(0);
}
const run = spawnSync(
  "npx",
  ["playwright", "test", "--config", "playwright.scale.config.ts", ...process.argv.slice(2)],
  {
    stdio: "inherit",
    shell: process.platform === "win32",
  },
);
process.exit(run.status ?? 1);
