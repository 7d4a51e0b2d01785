-- Who paid for a note's or an answer's declared files (lib/files/file-budget.ts): an API key's id or
-- an HMAC of the client's address, so the cleanup can give the bytes back when the upload expires
-- unfinished. Null on rows without files, and on those created before budgets.
ALTER TABLE "shares" ADD COLUMN "files_charged_to" TEXT;
ALTER TABLE "request_answers" ADD COLUMN "files_charged_to" TEXT;
