// The envelope of a request's answers, implemented once in the command-line client's package (plain
// JavaScript with JSDoc types) and imported from here by the web pages and the server's checks. Its
// format is described at the top of cli/lib/request-envelope.js.
export {
  RequestEnvelopeError,
  generateRequestKeys,
  isValidAnswerEnvelope,
  isValidPublicKey,
  isWellFormedAnswerEnvelope,
  isWellFormedOwnerProof,
  isWellFormedPrivateKey,
  openAnswer,
  openRequestKey,
  sealAnswer,
  sealAnswerWithFiles,
} from "../../cli/lib/request-envelope.js";
