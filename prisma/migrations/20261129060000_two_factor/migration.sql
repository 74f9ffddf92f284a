-- Two-factor codes (docs/decisions/036-two-factor-codes.md): the account's sealed TOTP secret (and
-- one being set up), the last accepted time step, the team owner's requirement, and one-time
-- recovery codes stored as SHA-256.
ALTER TABLE "Account" ADD COLUMN "totpSecret" TEXT,
ADD COLUMN "totpPendingSecret" TEXT,
ADD COLUMN "totpLastStep" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "teamRequiresTwoFactor" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "RecoveryCode" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "RecoveryCode_accountId_codeHash_key" ON "RecoveryCode"("accountId", "codeHash");

ALTER TABLE "RecoveryCode" ADD CONSTRAINT "RecoveryCode_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
