-- Links that expire, links behind a password, and links that send phones to their app stores
-- (docs/API.md "Extensions"). Every column is null for a link that uses none of them.
ALTER TABLE "Link" ADD COLUMN "expiresAt" TIMESTAMP(3),
ADD COLUMN "expiredUrl" TEXT,
ADD COLUMN "passwordHash" TEXT,
ADD COLUMN "ios" TEXT,
ADD COLUMN "android" TEXT;

CREATE INDEX "Link_accountId_expiresAt_idx" ON "Link"("accountId", "expiresAt");
