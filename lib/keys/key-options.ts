import { z } from "zod";
import { ScopeName } from "./scopes";

// The CLI's `key create` flags beside --role: comma-separated lists and an expiry, checked here
// so the dashboard's form and the CLI refuse the same things.

const list = <Item extends z.ZodType<string, string>>(item: Item) =>
  z
    .string()
    .transform((value) => value.split(",").map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(item).min(1, "needs at least one value"));

export const ScopesFlag = list(ScopeName);
export const IdsFlag = list(z.string().min(1).max(253));

/** An ISO 8601 date (midnight UTC), date-time with offset, or a number of days from now (`30d`). */
export const ExpiresFlag = z.string().trim().transform((value, ctx) => {
  const days = /^(\d{1,4})d$/.exec(value);
  if (days) return new Date(Date.now() + Number(days[1]) * 86_400_000);
  const iso = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).safeParse(value);
  if (!iso.success) {
    ctx.addIssue({ code: "custom", message: "must be an ISO 8601 date, a date-time with an offset, or days such as 30d" });
    return z.NEVER;
  }
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
});
