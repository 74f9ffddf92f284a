import { countOf } from "@/lib/text/plural";

const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export function formatDate(value: Date | string | null): string {
  return value ? DATE.format(new Date(value)) : "—";
}

/** "3 minutes ago", "2 days ago", "Never". */
export function formatRelative(value: Date | string | null, now = Date.now()): string {
  if (!value) return "Never";
  const seconds = Math.max(0, Math.round((now - new Date(value).getTime()) / 1000));
  if (seconds < 60) return "Just now";
  const units: Array<[number, string]> = [[60, "minute"], [3600, "hour"], [86400, "day"], [2592000, "month"], [31536000, "year"]];
  let chosen = units[0];
  for (const unit of units) if (seconds >= unit[0]) chosen = unit;
  const count = Math.floor(seconds / chosen[0]);
  return `${countOf(count, chosen[1])} ago`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString("en-US");
}
