-- The account page's list of dashboard sessions (docs/dashboard.md, "Sessions"): one row per
-- session id, noted when its token is used, deleted when the session is ended.
CREATE TABLE "AccountSession" (
    "id" TEXT NOT NULL,
    "sid" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "sessionVersion" INTEGER NOT NULL,
    "userAgent" TEXT,
    "ip" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AccountSession_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "AccountSession_sid_key" ON "AccountSession"("sid");
CREATE INDEX "AccountSession_accountId_idx" ON "AccountSession"("accountId");
CREATE INDEX "AccountSession_expiresAt_idx" ON "AccountSession"("expiresAt");

ALTER TABLE "AccountSession" ADD CONSTRAINT "AccountSession_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
