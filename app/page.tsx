import type { Metadata } from "next";
import "@/components/dashboard/sites.css";
import { Landing } from "@/components/dashboard/landing";
import { Overview } from "@/components/dashboard/overview";
import { DashboardShell } from "@/components/dashboard/shell";
import { ownerPlan, withLimits } from "@/lib/accounts/account-plan";
import { limitsReport } from "@/lib/accounts/account-reports";
import { signUpAdvertised } from "@/lib/accounts/sign-up";
import { addressWaiting } from "@/lib/accounts/email-confirmation";
import { accountOverview } from "@/lib/accounts/overview";
import { accountOverview as activityOverview } from "@/lib/analytics/account-overview";
import { effectiveLimits } from "@/lib/accounts/plans";
import { config } from "@/lib/config";
import { db } from "@/lib/db/open";
import { countActiveKeys } from "@/lib/keys/count-active-keys";
import { currentWorkspace } from "@/lib/dashboard/workspace";
import { workspaceChoices } from "@/lib/dashboard/workspace-choice";

export const metadata: Metadata = { title: "Hop — short links and link-in-bio websites" };

/** Signed out: the product page. Signed in: the overview of the selected workspace (a team owner's for a member). */
export default async function Home() {
  const workspace = await currentWorkspace();
  if (!workspace) return <Landing signupOpen={signUpAdvertised()} />;
  const { account } = workspace;
  const client = await db();
  const owner = workspace.ownerId === account.id ? withLimits(account) : await ownerPlan(client, workspace.ownerId);
  const { limits } = owner;
  const [counts, activity, report, ownKeys, workspaces, waitingEmail] = await Promise.all([
    accountOverview(client, workspace.ownerId),
    activityOverview(client, workspace.ownerId),
    limitsReport(client, owner, limits),
    // API keys are always the signed-in account's own (the keys page lists those), even in a team workspace.
    workspace.ownerId === account.id ? null : countActiveKeys(client, account.id),
    workspaceChoices(client, account),
    addressWaiting(client, account.id),
  ]);
  if (ownKeys !== null) {
    counts.keys = ownKeys;
    report.apiKeys.active = ownKeys;
  }
  return (
    <DashboardShell account={account} workspace={workspace} workspaces={workspaces} waitingEmail={waitingEmail}>
      <Overview
        name={account.name ?? account.email}
        teamOwnerEmail={workspace.ownerId === account.id ? null : workspace.ownerEmail}
        counts={counts}
        activity={activity}
        readOnly={workspace.readOnly}
        report={report}
        limits={limits}
        keyLimits={effectiveLimits(account.plan, account.limitOverrides)}
        appUrl={config().appUrl}
      />
    </DashboardShell>
  );
}
