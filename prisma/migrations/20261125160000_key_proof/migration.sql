-- AlterTable
ALTER TABLE "shares" ADD COLUMN     "key_proof_hash" TEXT;
