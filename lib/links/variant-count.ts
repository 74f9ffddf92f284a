/** How many destinations an A/B test has (docs/links.md "A/B tests"); read by the schema and the form alike. */
export const VARIANT_COUNT = { min: 2, max: 4 } as const;
