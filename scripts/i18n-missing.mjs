// `npm run i18n:missing`: for each catalog in messages/, the keys it lacks compared with en.json (to
// translate) and the keys en.json no longer has (to delete). Exits 1 while any catalog differs, so it
// can guard a build as well as make a to-do list.
import { readdirSync, readFileSync } from "node:fs";
import { compareKeys } from "../lib/i18n/catalog-keys.mjs";

const folder = new URL("../messages/", import.meta.url);
const read = (file) => JSON.parse(readFileSync(new URL(file, folder), "utf8"));

const english = read("en.json");
let differing = 0;
for (const file of readdirSync(folder)
  .filter((name) => name.endsWith(".json") && name !== "en.json")
  .sort()) {
  const { missing, extra } = compareKeys(english, read(file));
  const locale = file.slice(0, -".json".length);
  if (missing.length === 0 && extra.length === 0) {
    console.log(`${locale}: complete`);
    continue;
  }
  differing += 1;
  console.log(`${locale}: ${missing.length} missing, ${extra.length} not in en.json`);
  for (const key of missing) console.log(`  missing  ${key}`);
  for (const key of extra) console.log(`  extra    ${key}`);
}
process.exitCode = differing === 0 ? 0 : 1;
