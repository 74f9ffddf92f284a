import Link from "next/link";
import { countOf } from "@/lib/text/plural";

/** Previous / next links that keep the other query parameters; plain links, so it works without JS. */
export function Pager({ basePath, params, page, totalPages, totalCount, noun }: { basePath: string; params: Record<string, string | undefined>; page: number; totalPages: number; totalCount: number; noun: string }) {
  if (totalPages <= 1) return <span>{countOf(totalCount, noun)}</span>;
  const href = (target: number) => {
    const query = new URLSearchParams(Object.entries({ ...params, page: String(target) }).filter((e): e is [string, string] => Boolean(e[1])));
    return `${basePath}?${query.toString()}`;
  };
  return (
    <nav className="pager" aria-label={`${noun} pages`}>
      <span>
        Page {page.toLocaleString("en-US")} of {totalPages.toLocaleString("en-US")} · {totalCount.toLocaleString("en-US")} {noun}s
      </span>
      <span className="inline-actions">
        {page > 1 ? (
          <Link className="btn btn-secondary btn-sm" href={href(page - 1)} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < totalPages ? (
          <Link className="btn btn-secondary btn-sm" href={href(page + 1)} rel="next">
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}

/** `?page=` as a whole number from 1 to 100,000; anything else is page 1. */
export function pageParam(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
