// The end-to-end envelope of a note's files, implemented once in the command-line client's package
// (plain JavaScript with JSDoc types, like the note's envelope: lib/crypto/envelope.ts) and imported
// from here by the web pages and the server's checks. Its format is described at the top of
// cli/lib/file-envelope.js; the note document that holds each file's name, type, size and salt, at
// the top of cli/lib/note-document.js.
export {
  FILE_CHUNK_BYTES,
  FileEnvelopeError,
  chunkCount,
  decryptFileChunk,
  decryptFileChunks,
  encryptFileChunks,
  fileKey,
  newFileSalt,
  plainChunkSize,
  splitFileChunks,
  wireChunkSize,
} from "../../cli/lib/file-envelope.js";
export { isFileType } from "../../cli/lib/note-document.js";
