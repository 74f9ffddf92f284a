/**
 * A design drawn by the visitors' renderer at phone width and scaled down: a sandboxed frame (no
 * scripts, no navigation), hidden from assistive technology and from the pointer — the control
 * around it is what the customer uses. The gallery's load at once (the customer compares them all);
 * the small ones of the lists load as they scroll into view.
 */
export function DesignThumbnail({ id, size = "md" }: { id: string; size?: "sm" | "md" }) {
  return (
    <span className={`design-thumb design-thumb-${size}`} aria-hidden="true">
      <iframe src={`/api/dashboard/designs/${encodeURIComponent(id)}`} sandbox="" loading={size === "sm" ? "lazy" : "eager"} tabIndex={-1} title="" />
    </span>
  );
}
