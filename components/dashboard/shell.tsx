import type { ReactNode } from "react";
import type { SessionAccount } from "@/lib/accounts/credentials";
import { Toaster } from "../ui/toast";
import { SidebarNav } from "./sidebar-nav";

/** The signed-in frame: sidebar (a top bar with a menu on phones), the page, and the toasts. */
export function DashboardShell({ account, children }: { account: SessionAccount; children: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SidebarNav name={account.name ?? account.email} email={account.email} />
      <main id="main" className="shell-main">
        {children}
      </main>
      <Toaster />
    </div>
  );
}

export function PageHeader({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {description ? <p className="page-description">{description}</p> : null}
      </div>
      {action ? <div className="page-action">{action}</div> : null}
    </header>
  );
}
