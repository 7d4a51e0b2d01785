// `node scripts/ci/check-output.mjs LOG...`: fails when the captured output of `npm ci` or
// `npm run build` (.ci/run tees them into files) holds a warning line (output-warnings.mjs), and
// prints each such line with its file, so that a new warning stops CI instead of greeting users.
import { readFileSync } from "node:fs";
import { warningLines } from "./output-warnings.mjs";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("Usage: node scripts/ci/check-output.mjs LOG...");
  process.exit(2);
}
let found = 0;
for (const file of files) {
  for (const line of warningLines(readFileSync(file, "utf8"))) {
    console.error(`${file}: ${line}`);
    found += 1;
  }
}
if (found > 0) {
  console.error(
    `check-output: ${found} warning line(s) above. Fix the cause, or allow the line in ` +
      "scripts/ci/output-warnings.mjs with the reason it is harmless.",
  );
  process.exit(1);
}
console.log(`check-output: no warnings in ${files.join(", ")}.`);
