-- Notes and requests for members only: opened (a note's meta, read and files; a request's page and
-- answers) only by a person signed in through the provider. A recipient's link copies its note's.
ALTER TABLE "shares" ADD COLUMN "sign_in_required" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "requests" ADD COLUMN "sign_in_required" BOOLEAN NOT NULL DEFAULT false;
