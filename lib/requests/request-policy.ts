import { notePolicy } from "../notes/note-policy";

// A request's limits, as data. Sizes are UTF-8 bytes; an answer's envelope counts against the same
// limit as a note's text, as an end-to-end note's envelope does.
export const requestPolicy = {
  maxTitle: 200,
  maxInstructions: 4000,
  minAnswers: 1,
  maxAnswers: 100,
  defaultAnswers: 1,
  maxEnvelopeBytes: notePolicy.maxContentBytes,
} as const;

/** The header that carries the owner proof (HKDF of the private link's key) on the requester's calls. */
export const ownerProofHeader = "x-owner-proof";
