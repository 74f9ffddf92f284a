-- The broken-links digest (docs/link-health.md): when a link turned broken, and each account's
-- choice and last digest.
ALTER TABLE "Link" ADD COLUMN "healthBrokenAt" TIMESTAMP(3);
CREATE INDEX "Link_healthBrokenAt_idx" ON "Link"("healthBrokenAt");
ALTER TABLE "Account" ADD COLUMN "healthDigest" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Account" ADD COLUMN "healthDigestSentAt" TIMESTAMP(3);
