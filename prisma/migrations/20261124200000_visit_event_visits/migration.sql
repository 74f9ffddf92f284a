-- One VisitEvent row counts every identical visit of one second (lib/events/record.ts).
ALTER TABLE "VisitEvent" ADD COLUMN "visits" INTEGER NOT NULL DEFAULT 1;
