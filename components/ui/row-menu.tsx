"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";

/**
 * A row's "more" menu: a disclosure button and a short list of links (details/summary, so it opens
 * with Enter or Space and works without JavaScript). Escape or a click elsewhere closes it.
 */
export function RowMenu({ label, items }: { label: string; items: Array<{ href: string; text: string }> }) {
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
          <li key={item.href}>
            <Link href={item.href} className="row-menu-item">
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
