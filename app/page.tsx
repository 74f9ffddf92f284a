import type { Metadata } from "next";
import { Landing } from "@/components/dashboard/landing";
import { Overview } from "@/components/dashboard/overview";
import { DashboardShell } from "@/components/dashboard/shell";
import { limitsReport } from "@/lib/accounts/account-reports";
import { accountOverview } from "@/lib/accounts/overview";
import { effectiveLimits } from "@/lib/accounts/plans";
import { config } from "@/lib/config";
import { db } from "@/lib/db/open";
import { currentAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Hop — short links and link-in-bio pages" };

/** Signed out: the product page. Signed in: the dashboard's overview. */
export default async function Home() {
  const account = await currentAccount();
  if (!account) return <Landing signupOpen={config().signup === "open"} />;
  const client = await db();
  const limits = effectiveLimits(account.plan, account.limitOverrides);
  const [counts, report] = await Promise.all([accountOverview(client, account.id), limitsReport(client, account, limits)]);
  return (
    <DashboardShell account={account}>
      <Overview name={account.name ?? account.email} counts={counts} report={report} limits={limits} appUrl={config().appUrl} />
    </DashboardShell>
  );
}
