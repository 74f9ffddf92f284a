import type { ReactNode } from "react";
import type { SessionAccount } from "@/lib/accounts/credentials";
import type { Workspace } from "@/lib/dashboard/workspace";
import { Toaster } from "../ui/toast";
import { ConfirmEmailBanner } from "./email-confirmation";
import { SidebarNav } from "./sidebar-nav";
import type { WorkspaceOption } from "./workspace-switcher";

/** The signed-in frame: sidebar (a top bar with a menu on phones), the page, and the toasts. */
export function DashboardShell({
  account,
  workspace,
  workspaces = [],
  pendingInvitations = 0,
  waitingEmail = null,
  children,
}: {
  account: SessionAccount;
  workspace?: Workspace;
  workspaces?: WorkspaceOption[];
  /** Shown as a count beside Team. */
  pendingInvitations?: number;
  /** The signed-in account's address waiting for its confirmation link (lib/accounts/email-confirmation.ts). */
  waitingEmail?: { email: string; change: boolean } | null;
  children: ReactNode;
}) {
  const elsewhere = workspace && workspace.ownerId !== account.id;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SidebarNav name={account.name ?? account.email} email={account.email} workspaces={workspaces} workspace={workspace?.ownerId} counts={{ "/team": pendingInvitations }} />
      <main id="main" className="shell-main">
        {elsewhere ? (
          <p className="workspace-banner" role="status">
            You are in the workspace of <strong>{workspace.ownerEmail}</strong> as {workspace.role}
            {workspace.readOnly ? ": you can look, not change." : "."}
          </p>
        ) : null}
        {waitingEmail ? <ConfirmEmailBanner email={waitingEmail.email} change={waitingEmail.change} /> : null}
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
