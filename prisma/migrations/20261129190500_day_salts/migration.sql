-- A random salt per UTC day for visitors' daily pseudonyms (lib/visit/visitor-day.ts); rows older
-- than yesterday are deleted, after which a pseudonym can no longer be tied to an address.
CREATE TABLE "DaySalt" (
    "day" TEXT NOT NULL,
    "salt" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DaySalt_pkey" PRIMARY KEY ("day")
);
