import "server-only";
import { hmacSha256 } from "../crypto/digest";
import { env, sealingKeys } from "../env";
import { ApiError } from "../http/api-error";
import { secondsUntil, spendBudget } from "../rate-limit/limit-request";
import { checkStorageCap } from "./storage-cap";

// The byte budgets of declared files (docs/files.md#budgets): a create or an answer with files spends
// their declared sizes from its payer's budget before anything is stored, per API key with a valid
// key, else per client address; the cleanup gives them back when the upload expires unfinished. The
// payer is stored with the note or answer for that: a key's id, or an HMAC of the address under a
// key derived from the first ENCRYPTION_KEYS key, so the database alone does not say who created
// what (a rotated key makes later give-backs go to a fresh, full budget: nothing is lost).

/** Who pays for a create's files: `key:<id>`, or `address:<digest>`. */
export type FilePayer = `key:${string}` | `address:${string}`;

/**
 * The payer of a create with key `apiKeyId` (or none) from client address `client` (as rate limits
 * know it); none when neither is known (domain code called by scripts and tests, not a request).
 */
export function filePayer(apiKeyId: string | null, client: string | undefined): FilePayer | null {
  if (apiKeyId !== null) return `key:${apiKeyId}`;
  if (client === undefined) return null;
  const digest = hmacSha256(sealingKeys()[0].secret, `file-budget\n${client}`);
  return `address:${digest.toString("base64url").slice(0, 22)}`;
}

const budgetOf = (payer: FilePayer) =>
  payer.startsWith("key:") ? env.FILE_BUDGET_PER_KEY : env.FILE_BUDGET_PER_ADDRESS;

const inMib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MiB`;

const windowText = (ms: number) =>
  ms === 3_600_000 ? "hour" : ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : `${Math.round(ms / 60_000)} min`;

/** Spends `bytes` from `payer`'s budget, or refuses them all: 429 file_budget_exceeded. */
async function chargeFileBudget(payer: FilePayer, bytes: number): Promise<void> {
  const budget = budgetOf(payer);
  if (budget === "off" || bytes === 0) return;
  const decision = await spendBudget(`fileBudget:${payer}`, budget, bytes);
  if (decision.allowed || !decision.counted) return;
  const seconds = secondsUntil(decision.resetAt);
  const whose = payer.startsWith("key:") ? "this API key" : "this address";
  const per = `${budget.bytes} bytes (${inMib(budget.bytes)}) per ${windowText(budget.windowMs)}`;
  throw new ApiError(
    "file_budget_exceeded",
    bytes > budget.bytes
      ? `These files are ${bytes} bytes: more than the whole file budget of ${whose}, ${per}.`
      : `These files (${bytes} bytes) are over the file budget of ${whose}, ${per}; they fit again in ${seconds} s.`,
    seconds,
  );
}

/** Gives declared bytes back to their payers (files never completed, or never stored). */
export async function giveBackFileBudget(charges: { payer: FilePayer; bytes: number }[]): Promise<void> {
  for (const { payer, bytes } of charges) {
    const budget = budgetOf(payer);
    if (budget !== "off" && bytes > 0) await spendBudget(`fileBudget:${payer}`, budget, -bytes);
  }
}

/**
 * Reserves a create's declared files before they are stored: refused when they would take the files
 * held past FILES_STORAGE_CAP, else charged to `payer` (none: charged to no budget). Answers what
 * gives the bytes back, for a create that stores nothing after all.
 */
export async function reserveFiles(sizes: number[], payer: FilePayer | null): Promise<() => Promise<void>> {
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  await checkStorageCap(bytes);
  if (payer === null) return async () => {};
  await chargeFileBudget(payer, bytes);
  return () => giveBackFileBudget([{ payer, bytes }]);
}
