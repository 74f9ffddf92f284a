-- Bot views with their reason, visitors' daily pseudonyms and UTM parameters on visit rows
-- (docs/decisions/050-analytics-people-bots-uniques.md), and the unique visitors per link and day.
ALTER TABLE "VisitEvent" ADD COLUMN "bot" TEXT;
ALTER TABLE "VisitEvent" ADD COLUMN "visitor" TEXT;
ALTER TABLE "VisitEvent" ADD COLUMN "utmSource" TEXT;
ALTER TABLE "VisitEvent" ADD COLUMN "utmMedium" TEXT;
ALTER TABLE "VisitEvent" ADD COLUMN "utmCampaign" TEXT;

CREATE TABLE "VisitorDay" (
    "linkId" TEXT NOT NULL,
    "day" TIMESTAMP(3) NOT NULL,
    "visitor" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VisitorDay_pkey" PRIMARY KEY ("linkId","day","visitor")
);

CREATE INDEX "VisitorDay_linkId_hour_idx" ON "VisitorDay"("linkId", "hour");
