// `npm test`: the unit suite, the integration suite, the scale suite (scripts/test-scale.mjs, which
// skips with one line where HAProxy is missing), then the container check (scripts/container/
// check.mjs, which skips with one line where buildah cannot run, or with NOTES_CONTAINER_CHECK=0),
// each whatever the others' outcome, so one run reports on all; exits non-zero when any failed. Each
// suite also writes a JSON report, from which the closing line counts them together: "N passed, N
// failed, N skipped" alone on a line, the line CI reads. A suite that failed without counting a
// failed test (it could not start, or was stopped) counts as one failure, so that the line never
// says 0 failed about a failed run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const reports = mkdtempSync(path.join(tmpdir(), "notes-test-"));
const windows = process.platform === "win32";

// Playwright's stats: "expected" passed, "flaky" passed on a retry, "unexpected" failed.
const playwrightCounts = (json) => ({
  passed: json.stats.expected + json.stats.flaky,
  failed: json.stats.unexpected,
  skipped: json.stats.skipped,
});

const suites = [
  {
    name: "unit",
    script: "test:unit",
    report: path.join(reports, "unit.json"),
    args: (report) => ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    env: () => ({}),
    // Vitest's report: Jest's format.
    count: (json) => ({
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    }),
  },
  {
    name: "e2e",
    script: "test:e2e",
    report: path.join(reports, "e2e.json"),
    args: () => [],
    // playwright.config.ts adds the JSON reporter when this is set.
    env: (report) => ({ PLAYWRIGHT_JSON_OUTPUT_FILE: report }),
    count: playwrightCounts,
  },
  {
    name: "scale",
    script: "test:scale",
    report: path.join(reports, "scale.json"),
    args: () => [],
    // playwright.scale.config.ts adds the JSON reporter when this is set; test-scale.mjs writes the
    // same shape itself when it skips (no HAProxy).
    env: (report) => ({ PLAYWRIGHT_JSON_OUTPUT_FILE: report }),
    count: playwrightCounts,
  },
  {
    name: "container",
    script: "test:container",
    report: path.join(reports, "container.json"),
    args: () => [],
    env: (report) => ({ CONTAINER_CHECK_REPORT: report }),
    // check.mjs's own report: the counts themselves.
    count: (json) => json,
  },
];

function readCounts(suite) {
  try {
    return suite.count(JSON.parse(readFileSync(suite.report, "utf8")));
  } catch {
    return undefined;
  }
}

const results = [];
for (const suite of suites) {
  const started = Date.now();
  const run = spawnSync("npm", ["run", suite.script, "--", ...suite.args(suite.report)], {
    stdio: "inherit",
    env: { ...process.env, ...suite.env(suite.report) },
    shell: windows,
  });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const ok = run.status === 0;
  const reported = readCounts(suite);
  const counts = reported ?? { passed: 0, failed: 0, skipped: 0 };
  if (!ok && counts.failed === 0) counts.failed = 1;
  results.push({ suite, ok, minutes, counts, reported: reported !== undefined });
}
rmSync(reports, { recursive: true, force: true });

console.log("\nTest summary");
for (const { suite, ok, minutes, counts, reported } of results) {
  const verdict = ok ? "passed" : reported ? "FAILED" : "FAILED (no report: the suite did not finish)";
  console.log(
    `  ${suite.name}: ${verdict}, ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${minutes} min`,
  );
}
const total = (field) => results.reduce((sum, result) => sum + result.counts[field], 0);
console.log(`${total("passed")} passed, ${total("failed")} failed, ${total("skipped")} skipped`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
