import type { KeyboardEvent } from "react";

/**
 * WAI-ARIA tabs' keys on a tablist: ←/→ move to the previous/next tab (wrapping), Home/End to the
 * first/last; the tab is selected and focused (automatic activation). Other keys pass.
 */
export function onTabKeys<T extends string>(event: KeyboardEvent<HTMLElement>, ids: readonly T[], current: T, select: (id: T) => void) {
  const index = ids.indexOf(current);
  const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: ids.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const id = ids[(next + ids.length) % ids.length];
  select(id);
  const tabs = event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]');
  tabs[ids.indexOf(id)]?.focus();
}
