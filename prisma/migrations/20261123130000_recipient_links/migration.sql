-- One note, one link per recipient: each link is a `shares` row of its own (its read count, its
-- password failures, its state) naming the row that holds the content; that owner row counts the
-- links still live and is destroyed with the content when the count reaches zero.

-- AlterTable
ALTER TABLE "shares" ADD COLUMN "content_id" VARCHAR(10),
ADD COLUMN "recipient" TEXT,
ADD COLUMN "live_links" INTEGER;

-- AlterTable
ALTER TABLE "note_events" ADD COLUMN "content_id" VARCHAR(10),
ADD COLUMN "recipient" TEXT;

-- CreateIndex
CREATE INDEX "shares_content_id_idx" ON "shares"("content_id");

-- CreateIndex
CREATE INDEX "note_events_content_id_id_idx" ON "note_events"("content_id", "id");

-- AddForeignKey
ALTER TABLE "shares" ADD CONSTRAINT "shares_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "shares"("id") ON DELETE CASCADE ON UPDATE CASCADE;
