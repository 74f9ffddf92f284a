"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";

/**
 * A row's "more" menu: a disclosure button and a short list of links and actions (details/summary,
 * so it opens with Enter or Space; its links work without JavaScript). Escape or a click elsewhere
 * closes it.
 */
export type RowMenuItem = { text: string } & ({ href: string } | { onSelect: () => void });

export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !menu.contains(event.target as Node)) {
        menu.open = false;
        if (event instanceof KeyboardEvent) menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details className="row-menu" ref={ref}>
      <summary className="btn btn-ghost btn-sm row-menu-button" aria-label={label}>
        <span aria-hidden="true">⋯</span>
      </summary>
      <ul className="row-menu-list">
        {items.map((item) => (
          <li key={item.text}>
            {"href" in item ? (
              <Link href={item.href} className="row-menu-item">
                {item.text}
              </Link>
            ) : (
              <button
                type="button"
                className="row-menu-item"
                onClick={() => {
                  if (ref.current) ref.current.open = false;
                  item.onSelect();
                }}
              >
                {item.text}
              </button>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
