-- CreateTable
CREATE TABLE "plaintext_fallback" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plaintext_fallback_pkey" PRIMARY KEY ("id")
);

-- Pages stored before sealing (sealed_by NULL) are served as they are only while this row exists:
-- only a database that holds such pages gets it, and `npm run reseal` removes it once every page is
-- sealed. A database created sealed never serves a page without a seal.
INSERT INTO "plaintext_fallback" ("id")
SELECT true WHERE EXISTS (SELECT 1 FROM "share_pages" WHERE "sealed_by" IS NULL);
