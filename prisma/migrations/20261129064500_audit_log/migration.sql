-- The audit log (docs/decisions/032-audit-log.md): one row per change, written in the change's transaction.
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "actorLabel" TEXT,
    "keyPrefix" TEXT,
    "via" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetType" TEXT,
    "targetId" TEXT,
    "targetLabel" TEXT,
    "changes" JSONB,
    "ip" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "AuditEntry_accountId_createdAt_id_idx" ON "AuditEntry"("accountId", "createdAt", "id");
CREATE INDEX "AuditEntry_createdAt_idx" ON "AuditEntry"("createdAt");

ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
