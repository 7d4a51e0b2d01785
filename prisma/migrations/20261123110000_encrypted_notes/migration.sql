-- AlterTable
ALTER TABLE "shares" ADD COLUMN     "encrypted" BOOLEAN NOT NULL DEFAULT false;
