-- The per-page hourly cap on stored contacts counts a page's recent rows.
DROP INDEX "Contact_linkId_idx";
CREATE INDEX "Contact_linkId_createdAt_idx" ON "Contact"("linkId", "createdAt");
