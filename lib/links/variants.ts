import { HopError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { assertNotBlocked, parseDestination } from "./destination";
import type { z } from "zod";
import type { VariantInput } from "./schemas";

// A link's A/B test (docs/links.md "A/B tests"): 2–4 destinations with whole-number weights that
// add up to 100, stored as JSON on the link. The visitor path picks one per visitor
// (lib/visit/choose-destination.ts pickVariant); analytics count views per variant index.

export interface LinkVariant {
  url: string;
  weight: number;
}

/** The variants as stored: URLs normalised (and not blocked on the primary domain), weights adding up to 100. */
export function normalizeVariants(value: Array<z.infer<typeof VariantInput>> | null, onPrimary: boolean): LinkVariant[] | null {
  if (value === null) return null;
  const variants = value.map((variant, index) => {
    const field = `variants[${index}].url`;
    const url = parseDestination(variant.url, field);
    if (onPrimary) assertNotBlocked(url, field);
    return { url, weight: variant.weight };
  });
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (total !== 100) throw new HopError("invalid_request", { field: "variants", message: `variants: the weights must add up to 100 (they add up to ${total}).` });
  return variants;
}

/** The column's value: Prisma writes SQL NULL for a JSON column only through DbNull. */
export function variantsColumn(variants: LinkVariant[] | null): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return variants === null ? Prisma.DbNull : (variants as unknown as Prisma.InputJsonValue);
}

/** A stored column as the API answers it: the list, or null for a link without a test. */
export function storedVariants(value: unknown): LinkVariant[] | null {
  return Array.isArray(value) && value.length > 0 ? (value as LinkVariant[]) : null;
}

/** The variants' URLs by field name, for the self-loop check. */
export function variantUrlFields(variants: LinkVariant[] | null | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  variants?.forEach((variant, index) => (fields[`variants[${index}].url`] = variant.url));
  return fields;
}
