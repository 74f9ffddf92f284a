-- Custom-domain claims lapse, and verified domains are re-checked (docs/domains.md "Claims").
ALTER TABLE "Domain" ADD COLUMN "claimExpiresAt" TIMESTAMP(3),
ADD COLUMN "recordMissingSince" TIMESTAMP(3),
ADD COLUMN "unverifiedAt" TIMESTAMP(3),
ADD COLUMN "unverifiedReason" TEXT;

-- Claims made before this change get the default 7 days from now, so none lapses at upgrade.
UPDATE "Domain" SET "claimExpiresAt" = CURRENT_TIMESTAMP + INTERVAL '7 days' WHERE "verified" = false;

-- CreateIndex
CREATE INDEX "Domain_verified_claimExpiresAt_idx" ON "Domain"("verified", "claimExpiresAt");

-- CreateIndex
CREATE INDEX "Domain_verified_lastCheckedAt_idx" ON "Domain"("verified", "lastCheckedAt");
