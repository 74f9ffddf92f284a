-- Links that start later and links that end after a number of counted visits (docs/API.md
-- "Extensions: schedule and click cap"). Both null for a link that uses neither.
ALTER TABLE "Link" ADD COLUMN "startsAt" TIMESTAMP(3),
ADD COLUMN "maxClicks" INTEGER;
