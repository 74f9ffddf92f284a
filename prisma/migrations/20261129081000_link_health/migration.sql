-- Link health (docs/link-health.md): what the last check of a link's destination found, and when
-- the next is due. Every existing link starts unchecked and due now; the sweep's per-host pacing
-- spreads the first checks out.
ALTER TABLE "Link" ADD COLUMN "healthState" TEXT NOT NULL DEFAULT 'unchecked',
ADD COLUMN "healthStatus" INTEGER,
ADD COLUMN "healthError" TEXT,
ADD COLUMN "healthFinalUrl" TEXT,
ADD COLUMN "healthCheckedAt" TIMESTAMP(3),
ADD COLUMN "healthDueAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

CREATE INDEX "Link_healthDueAt_idx" ON "Link"("healthDueAt");
CREATE INDEX "Link_accountId_healthState_idx" ON "Link"("accountId", "healthState");

-- A background job that one instance at a time runs (the link-health sweep): held until
-- `expiresAt`, renewed by its holder while it runs, taken over by another instance once it lapses.
CREATE TABLE "JobLease" (
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobLease_pkey" PRIMARY KEY ("name")
);
