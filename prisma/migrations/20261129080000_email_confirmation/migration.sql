-- Confirmed e-mail (docs/decisions/047-confirmed-email.md): when an account's address was confirmed,
-- and the one-time links that confirm one. Every account that exists now counts as confirmed: it
-- was made before confirmation existed, and taking its keys or invitations away would break it.
ALTER TABLE "Account" ADD COLUMN "emailConfirmedAt" TIMESTAMP(3);
UPDATE "Account" SET "emailConfirmedAt" = "createdAt";

CREATE TABLE "EmailConfirmation" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailConfirmation_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "EmailConfirmation_tokenHash_key" ON "EmailConfirmation"("tokenHash");
CREATE INDEX "EmailConfirmation_accountId_idx" ON "EmailConfirmation"("accountId");

ALTER TABLE "EmailConfirmation" ADD CONSTRAINT "EmailConfirmation_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
