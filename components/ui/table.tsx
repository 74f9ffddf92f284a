import type { ReactNode } from "react";

/** A data table that scrolls sideways inside its card on narrow screens instead of the page. */
export function Table({ caption, head, children, className }: { caption: string; head: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className={className ? `table ${className}` : "table"}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
