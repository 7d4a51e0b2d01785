// `npm run reseal`: re-seals every webhook secret and URL, recipient's label, request's title and
// instructions, person's name and email, and note sealed by an older key (or stored before sealing) with the first of
// ENCRYPTION_KEYS, in batches, while the service runs; then says which keys may be dropped.
// `npm run reseal -- generate-key` prints a fresh key for ENCRYPTION_KEYS.
// With the embedded database, stop the server first: only one process may open its folder.
import { generateSealingKey } from "../lib/crypto/seal";
import { sealingKeys } from "../lib/env";
import { resealNotes } from "../lib/notes/reseal-notes";
import { resealRecipientLabels } from "../lib/notes/reseal-recipient-labels";
import { resealPeople } from "../lib/people/reseal-people";
import { resealRequestTexts } from "../lib/requests/reseal-request-texts";
import { resealWebhooks } from "../lib/webhooks/reseal-webhooks";
import { runCommand } from "./run-command";

async function main(argv: string[]): Promise<number> {
  if (argv[0] === "generate-key") {
    console.log(generateSealingKey());
    return 0;
  }
  if (argv.length > 0) {
    console.error("Usage: npm run reseal [-- generate-key]");
    return 2;
  }
  const [sealing] = sealingKeys();
  console.log(`Re-sealing webhooks, requests and notes with key ${sealing.id}…`);
  // Notes last: their pass then retires the keys that nothing at all is sealed with.
  const webhooks = await resealWebhooks();
  console.log(`Re-sealed ${webhooks.resealed} webhook(s)' secret and URL.`);
  const labels = await resealRecipientLabels();
  console.log(`Re-sealed ${labels.resealed} recipient label(s).`);
  const requests = await resealRequestTexts();
  console.log(`Re-sealed ${requests.resealed} request(s)' title and instructions.`);
  const people = await resealPeople();
  console.log(`Re-sealed ${people.resealed} person(s)' name and email.`);
  const report = await resealNotes({ onBatch: (count) => console.log(`  ${count} page(s) re-sealed`) });
  console.log(`Re-sealed ${report.resealed} page(s).`);
  if (report.fallbackClosed) {
    console.log("Every page is sealed now: a page without a seal will never be served from this database.");
  }
  if (report.strayUnsealed > 0) {
    console.error(
      `${report.strayUnsealed} page(s) have no seal although this database was fully sealed before: the ` +
        "service did not write them (someone with access to the database did). They are never served; " +
        "they were left as they are.",
    );
    return 1;
  }
  const unopenable = [report, webhooks, labels, requests, people].some((part) => part.unopenable > 0);
  if (unopenable) {
    console.error(
      `${report.unopenable} page(s), ${webhooks.unopenable} webhook(s), ${labels.unopenable} ` +
        `recipient label(s), ${requests.unopenable} request(s) and ${people.unopenable} person(s) open ` +
        "with none of the configured keys; " +
        "they were left as they are.",
    );
    return 1;
  }
  if (report.retired.length > 0) {
    console.log(
      `Nothing is sealed with key(s) ${report.retired.join(", ")} any more: they may be removed from ENCRYPTION_KEYS.`,
    );
  }
  if (report.kept.length > 0) {
    console.log(
      `Key(s) ${report.kept.join(", ")} still seal stored values: files (which are not re-sealed), answers ` +
        "kept for a retry (for up to 10 minutes: run reseal again after), or values a server still sealing " +
        "with an older key wrote meanwhile. Keep them in ENCRYPTION_KEYS.",
    );
  }
  if (report.retired.length === 0 && report.kept.length === 0) console.log("No other key is in use.");
  return 0;
}

runCommand(main);
