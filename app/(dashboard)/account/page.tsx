import type { Metadata } from "next";
import { PasswordForm, ProfileForm, SignOutEverywhere } from "@/components/dashboard/account-forms";
import { formatDate, formatNumber } from "@/components/dashboard/format";
import { planLabel } from "@/components/dashboard/plan";
import { PageHeader } from "@/components/dashboard/shell";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { UsageBar } from "@/components/ui/usage-bar";
import { limitsReport } from "@/lib/accounts/account-reports";
import { effectiveLimits } from "@/lib/accounts/plans";
import { db } from "@/lib/db/open";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const account = await requireAccount();
  const limits = effectiveLimits(account.plan, account.limitOverrides);
  // The same report as GET /v1/account/limits.
  const report = await limitsReport(await db(), account, limits);
  return (
    <div className="page-stack">
      <PageHeader title="Account" description={`Member since ${formatDate(account.createdAt)}.`} />
      <div className="grid-2">
        <Card labelledBy="profile">
          <CardHeader id="profile" title="Profile" />
          <CardBody>
            <ProfileForm name={account.name ?? ""} email={account.email} />
          </CardBody>
        </Card>
        <Card labelledBy="password">
          <CardHeader id="password" title="Password" />
          <CardBody>
            <PasswordForm />
          </CardBody>
        </Card>
      </div>
      <Card labelledBy="plan">
        <CardHeader id="plan" title="Plan and limits" description="What your plan allows, with any limits the operator set for this account." action={<Badge tone="accent">{planLabel(report.plan)}</Badge>} />
        <CardBody>
          <div className="grid-2">
            <div className="usage-list">
              <UsageBar label="Links" used={report.links.currentTotal} limit={report.links.totalLimit} />
              <UsageBar label="Active links" used={report.links.currentActive} limit={report.links.activeLimit} />
              <UsageBar label="Active API keys" used={report.apiKeys.active} limit={report.apiKeys.max} />
            </div>
            <div>
              <h3 className="section-title">API rate limits (per key)</h3>
              <dl className="definition-list">
                <dt>API access</dt>
                <dd>{limits.apiAccess ? "Included" : "Not on this plan"}</dd>
                <dt>Requests per hour</dt>
                <dd>{formatNumber(report.rateLimit.hourly)}</dd>
                <dt>Requests per day</dt>
                <dd>{formatNumber(report.rateLimit.daily)}</dd>
              </dl>
            </div>
          </div>
        </CardBody>
        <CardFooter>
          <span>Plans change only through the operator&apos;s command line; Hop has no billing. The operator runs:</span>
          <code>npm run cli -- account set-plan --email {account.email} --plan growth</code>
        </CardFooter>
      </Card>
      <Card labelledBy="sessions">
        <CardHeader id="sessions" title="Sessions" description="Lost a device or signed in somewhere public? End every session of this account at once." action={<SignOutEverywhere />} />
        <CardBody>
          <p className="field-hint">Changing your password also signs out every other session.</p>
        </CardBody>
      </Card>
    </div>
  );
}
