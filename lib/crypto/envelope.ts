// The end-to-end envelope, implemented once in the command-line client's package (plain JavaScript
// with JSDoc types, which that package ships as it is) and imported from here by the web pages and
// the server's checks. Its format is described at the top of cli/lib/envelope.js.
export {
  EnvelopeError,
  isWellFormedEnvelope,
  isWellFormedKey,
  isWellFormedKeyProof,
  keyProof,
  openNote,
  openNoteWithFilesKey,
  sealNote,
  type NoteDocument,
  type NoteFile,
  type NotePageText,
} from "../../cli/lib/envelope.js";
