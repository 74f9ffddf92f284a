import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "../ui/icons";

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth">
      <div className="card auth-card">
        <div className="auth-head">
          <Link href="/" aria-label="Hop home">
            <Logo size={40} />
          </Link>
          <h1 className="auth-title">{title}</h1>
          <p className="auth-subtitle">{subtitle}</p>
        </div>
        {children}
        {footer ? <p className="auth-foot">{footer}</p> : null}
      </div>
    </main>
  );
}
