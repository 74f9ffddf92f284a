-- A/B destinations of a link (lib/links/variants.ts) and the variant each view went to.
ALTER TABLE "Link" ADD COLUMN "variants" JSONB;
ALTER TABLE "VisitEvent" ADD COLUMN "variant" INTEGER;
