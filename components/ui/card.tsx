import type { ReactNode } from "react";

export function Card({ children, className = "", labelledBy }: { children: ReactNode; className?: string; labelledBy?: string }) {
  return (
    <section className={`card ${className}`.trim()} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}

export function CardHeader({ id, title, description, action }: { id?: string; title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="card-header">
      <div>
        <h2 className="card-title" id={id}>
          {title}
        </h2>
        {description ? <p className="card-description">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

export function CardBody({ children, flush = false }: { children: ReactNode; flush?: boolean }) {
  return <div className={flush ? "card-flush" : "card-body"}>{children}</div>;
}

export function CardFooter({ children }: { children: ReactNode }) {
  return <div className="card-footer">{children}</div>;
}
