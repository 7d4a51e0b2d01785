-- AlterTable
ALTER TABLE "shares" ADD COLUMN     "delete_token_hash" TEXT;
