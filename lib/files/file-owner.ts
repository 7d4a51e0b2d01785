/**
 * Whose files: a note's (the row that holds its content) or one answer's to a request. Everything in
 * lib/files takes one, so both owners share one upload, store and cleanup.
 */
export type FileOwner = { note: string } | { request: string; answer: number };
