/**
 * Shown inside the shell while a dashboard page reads its data (Analytics and Links can take a
 * moment on a large account): the page's outline — title, description, a card of rows — so the
 * layout does not jump when the page arrives. Screen readers hear "Loading…" once.
 */
export default function Loading() {
  return (
    <div className="page-stack" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <div className="skeleton-header" aria-hidden="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line" />
      </div>
      <div className="card skeleton-rows" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((row) => (
          <div className="skeleton-row" key={row}>
            <div className="skeleton skeleton-dot" />
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-chip" />
          </div>
        ))}
      </div>
    </div>
  );
}
