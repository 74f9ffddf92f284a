/** Shown while a dashboard page loads its data. */
export default function Loading() {
  return (
    <div className="page-stack" aria-busy="true" aria-label="Loading">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-card" />
      <div className="skeleton skeleton-card" />
    </div>
  );
}
