import type { ReactNode } from "react";

export function EmptyState({ icon, title, children, actions, headingLevel = 2 }: { icon: ReactNode; title: string; children: ReactNode; actions?: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="empty-state">
      <div className="empty-state-icon">{icon}</div>
      <Heading>{title}</Heading>
      <p>{children}</p>
      {actions ? <div className="empty-state-actions">{actions}</div> : null}
    </div>
  );
}
