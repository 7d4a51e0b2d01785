// Retries with one Idempotency-Key, implemented once in the command-line client's package and
// imported from here by the web pages (as the envelope is: lib/crypto/envelope.ts).
export {
  newIdempotencyKey,
  retryDelaysMs,
  retryableStatuses,
  withRetries,
  type Outcome,
} from "../../cli/lib/retry.js";
