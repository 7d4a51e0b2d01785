// A request's keys and the envelope of its answers, implemented once in the command-line client's
// package (plain JavaScript with JSDoc types) and imported from here by the web pages and the
// server's checks. Their formats are described at the top of cli/lib/request-keys.js and
// cli/lib/request-envelope.js.
export {
  RequestEnvelopeError,
  generateRequestKeys,
  isValidPublicKey,
  isWellFormedOwnerProof,
  isWellFormedPrivateKey,
  openRequestKey,
} from "../../cli/lib/request-keys.js";
export {
  isValidAnswerEnvelope,
  isWellFormedAnswerEnvelope,
  openAnswer,
  sealAnswer,
  sealAnswerWithFiles,
} from "../../cli/lib/request-envelope.js";
