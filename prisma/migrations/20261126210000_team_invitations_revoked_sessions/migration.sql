-- Team invitations become one-time links (docs/dashboard.md "Team"): e-mails are never verified, so
-- an invitation is no longer tied to whichever account holds the invited address.
CREATE TABLE "TeamInvitation" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TeamInvitation_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "TeamInvitation_tokenHash_key" ON "TeamInvitation"("tokenHash");
CREATE UNIQUE INDEX "TeamInvitation_ownerId_email_key" ON "TeamInvitation"("ownerId", "email");
ALTER TABLE "TeamInvitation" ADD CONSTRAINT "TeamInvitation_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Pending memberships made from the dashboard were addressed to whichever account had registered
-- the e-mail first. They become invitations to that address whose link nobody holds (the stored
-- value is no SHA-256 of any token): the owner sees them as pending and sends a fresh link with
-- "New link", or cancels them. The operator's `team add` still makes memberships directly.
INSERT INTO "TeamInvitation" ("id", "ownerId", "email", "role", "tokenHash", "expiresAt", "createdAt")
SELECT 'inv_' || m."id", m."ownerId", a."email", m."role", 'migrated:' || m."id", CURRENT_TIMESTAMP + INTERVAL '7 days', m."createdAt"
FROM "TeamMembership" m JOIN "Account" a ON a."id" = m."memberId"
WHERE m."status" = 'pending';
DELETE FROM "TeamMembership" WHERE "status" = 'pending';

-- Signing out of one dashboard session ends it on the server, not only in the browser.
CREATE TABLE "RevokedSession" (
    "sid" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RevokedSession_pkey" PRIMARY KEY ("sid")
);

CREATE INDEX "RevokedSession_expiresAt_idx" ON "RevokedSession"("expiresAt");
