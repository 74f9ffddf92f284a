-- Sign-up blocks of bio pages (docs/bio-pages.md, "Sign-up blocks"): the addresses a page
-- collected, one row per page and address, deleted with the page.
CREATE TABLE "Subscriber" (
    "id" TEXT NOT NULL,
    "linkId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "blockId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "optIn" TEXT NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "tokenHash" TEXT,
    "unsubscribeHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "mailedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Subscriber_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Subscriber_tokenHash_key" ON "Subscriber"("tokenHash");
CREATE UNIQUE INDEX "Subscriber_unsubscribeHash_key" ON "Subscriber"("unsubscribeHash");
CREATE UNIQUE INDEX "Subscriber_linkId_email_key" ON "Subscriber"("linkId", "email");
CREATE INDEX "Subscriber_linkId_createdAt_idx" ON "Subscriber"("linkId", "createdAt");
CREATE INDEX "Subscriber_expiresAt_idx" ON "Subscriber"("expiresAt");

ALTER TABLE "Subscriber" ADD CONSTRAINT "Subscriber_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "Link"("id") ON DELETE CASCADE ON UPDATE CASCADE;
