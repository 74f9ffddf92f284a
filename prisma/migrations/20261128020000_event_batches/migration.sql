-- Event batches written from the spool (docs/events.md): a batch's id is recorded in the
-- transaction that writes its events, so a batch replayed twice (a crash between the commit and
-- the spool file's removal) is skipped the second time.
CREATE TABLE "EventBatch" (
    "id" TEXT NOT NULL,
    "writtenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EventBatch_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "EventBatch_writtenAt_idx" ON "EventBatch"("writtenAt");
