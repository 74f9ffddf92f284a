import { DashboardShell } from "@/components/dashboard/shell";
import { addressWaiting } from "@/lib/accounts/email-confirmation";
import { db } from "@/lib/db/open";
import { pageRead } from "@/lib/dashboard/page-failure";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { workspaceChoices } from "@/lib/dashboard/workspace-choice";
import { countPendingInvitations } from "@/lib/team/invitations";

/** Every page in this group is signed-in only; a signed-out visitor goes to /login and back. */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const workspace = await requireWorkspace();
  const [workspaces, pendingInvitations, waitingEmail] = await Promise.all([
    pageRead("workspaces", async () => workspaceChoices(await db(), workspace.account)),
    pageRead("invitations", async () => countPendingInvitations(await db(), workspace.account.id)),
    // The signed-in account's own address, whatever workspace is shown.
    pageRead("confirmation", async () => addressWaiting(await db(), workspace.account.id)),
  ]);
  return (
    <DashboardShell account={workspace.account} workspace={workspace} workspaces={workspaces} pendingInvitations={pendingInvitations} waitingEmail={waitingEmail}>
      {children}
    </DashboardShell>
  );
}
