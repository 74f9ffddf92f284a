-- Single sign-on (docs/decisions/051): sign-ins through an OpenID Connect provider linked to an
-- account, one per (provider, subject); and a team owner's rule that members sign in with it.
ALTER TABLE "Account" ADD COLUMN "teamRequiresSso" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "LinkedIdentity" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LinkedIdentity_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "LinkedIdentity_provider_subject_key" ON "LinkedIdentity"("provider", "subject");
CREATE INDEX "LinkedIdentity_accountId_idx" ON "LinkedIdentity"("accountId");

ALTER TABLE "LinkedIdentity" ADD CONSTRAINT "LinkedIdentity_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
