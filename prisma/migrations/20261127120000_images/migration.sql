-- Uploaded pictures (docs/bio-pages.md "Images of your own"): re-encoded on upload and kept in the
-- database, so every instance behind a load balancer serves the same bytes.
CREATE TABLE "Image" (
    "key" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Image_pkey" PRIMARY KEY ("key")
);

CREATE TABLE "ImageVariant" (
    "imageKey" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "ImageVariant_pkey" PRIMARY KEY ("imageKey","size")
);

CREATE INDEX "Image_accountId_createdAt_idx" ON "Image"("accountId", "createdAt");
ALTER TABLE "Image" ADD CONSTRAINT "Image_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ImageVariant" ADD CONSTRAINT "ImageVariant_imageKey_fkey" FOREIGN KEY ("imageKey") REFERENCES "Image"("key") ON DELETE CASCADE ON UPDATE CASCADE;
