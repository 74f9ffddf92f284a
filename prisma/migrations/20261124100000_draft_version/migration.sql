-- Drafts edited in the editor: a version for optimistic concurrency (two tabs never silently
-- overwrite each other) and the website a draft was published as.
ALTER TABLE "Draft" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "Draft" ADD COLUMN "publishedLinkId" TEXT;
