import Link from "next/link";
import { countOf } from "@/lib/text/plural";

/** Previous / next with the count; every other filter stays in the address. */
export function Pagination({
  pagination,
  params,
}: {
  pagination: { page: number; limit: number; totalCount: number; totalPages: number; hasMore: boolean };
  params: Record<string, string>;
}) {
  const { page, limit, totalCount, totalPages } = pagination;
  if (totalCount === 0) return null;
  const from = Math.min((page - 1) * limit + 1, totalCount);
  const to = Math.min(page * limit, totalCount);
  const hrefOf = (target: number) => `/links?${new URLSearchParams({ ...params, page: String(target) }).toString()}`;
  return (
    <nav className="pagination" aria-label="Pages of links">
      <p className="pagination-count" data-testid="links-count">
        {from}–{to} of {countOf(totalCount, "link")}
      </p>
      <div className="inline-actions">
        {page > 1 ? (
          <Link className="btn btn-secondary btn-sm" href={hrefOf(page - 1)} rel="prev">
            Previous
          </Link>
        ) : null}
        <span className="pagination-page">
          Page {page} of {Math.max(totalPages, 1)}
        </span>
        {page < totalPages ? (
          <Link className="btn btn-secondary btn-sm" href={hrefOf(page + 1)} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
