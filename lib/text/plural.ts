// English plurals by the runtime's plural rules (Intl.PluralRules), not by `count === 1`, for every
// count the dashboard and its messages say in words. Client-safe.

const RULES = new Intl.PluralRules("en-US");

/** The form of the phrase that `count` needs: `byCount(n, { one: "link stays", other: "links stay" })`. */
export function byCount(count: number, forms: { one: string; other: string }): string {
  return RULES.select(count) === "one" ? forms.one : forms.other;
}

/** "1 link", "2 links", "1,204 links". */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${byCount(count, { one, other })}`;
}
