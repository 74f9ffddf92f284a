import type { Metadata } from "next";
import { PasswordForm, ProfileForm, SignOutEverywhere } from "@/components/dashboard/account-forms";
import { formatDate, formatNumber, formatRelative } from "@/components/dashboard/format";
import { planLabel } from "@/components/dashboard/plan";
import { PageHeader } from "@/components/dashboard/shell";
import { TwoFactorOff, TwoFactorSetup } from "@/components/dashboard/two-factor";
import { PasskeysCard } from "@/components/account/passkeys-card";
import { listPasskeys } from "@/lib/accounts/passkeys";
import { EndSession } from "@/components/dashboard/end-session";
import { NotificationsForm } from "@/components/dashboard/notifications-form";
import { notificationSettings } from "@/lib/accounts/notifications";
import { mailConfigured } from "@/lib/mail/send-mail";
import { LinkedSignIns } from "@/components/dashboard/linked-sign-ins";
import { Table } from "@/components/ui/table";
import { cookies } from "next/headers";
import { listSessions } from "@/lib/accounts/account-sessions";
import { sessionCookieName, sessionIdOfToken } from "@/lib/auth/session";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { UsageBar } from "@/components/ui/usage-bar";
import { limitsReport } from "@/lib/accounts/account-reports";
import { twoFactorStatus } from "@/lib/accounts/two-factor";
import { effectiveLimits } from "@/lib/accounts/plans";
import { db } from "@/lib/db/open";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const account = await requireAccount();
  const limits = effectiveLimits(account.plan, account.limitOverrides);
  // The same report as GET /v1/account/limits.
  const currentSid = await sessionIdOfToken((await cookies()).get(sessionCookieName())?.value);
  const [report, twoFactor, sessions, notifications, passkeys] = await Promise.all([
    limitsReport(await db(), account, limits),
    twoFactorStatus(await db(), account.id),
    listSessions(await db(), account, currentSid),
    notificationSettings(await db(), account.id),
    listPasskeys(await db(), account.id),
  ]);
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
      <Card labelledBy="two-factor">
        <CardHeader
          id="two-factor"
          title="Two-factor sign-in"
          description={
            twoFactor.enabled
              ? `On: signing in with your password also needs a code from your authenticator app. ${twoFactor.recoveryCodesLeft} of 10 recovery codes left.`
              : "Off: your password alone signs you in. With it on, signing in also needs a code from an authenticator app on your phone."
          }
          action={twoFactor.enabled ? <TwoFactorOff /> : <TwoFactorSetup />}
        />
        <CardBody>
          <p className="field-hint">
            {!twoFactor.enabled
              ? "Any authenticator app that reads a QR code works (Aegis, 1Password, Google Authenticator and the like)."
              : twoFactor.recoveryCodesLeft < 3
                ? "Few recovery codes left: turn two-factor sign-in off and on again for ten new ones."
                : "Lost your phone? Sign in with a recovery code; each works once."}
          </p>
        </CardBody>
      </Card>
      <PasskeysCard passkeys={passkeys} twoFactorOn={twoFactor.enabled} />
      <LinkedSignIns accountId={account.id} />
      <Card labelledBy="notifications">
        <CardHeader id="notifications" title="Notifications" description="The e-mail Hop sends you besides sign-in links." />
        <CardBody>
          <NotificationsForm brokenLinksDigest={notifications.brokenLinksDigest} mailReady={mailConfigured()} />
        </CardBody>
      </Card>
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
        <CardHeader id="sessions" title="Sessions" description="Where this account is signed in. Lost a device or signed in somewhere public? End that session, or every one at once." action={<SignOutEverywhere />} />
        <Table
          caption="Signed-in sessions"
          head={
            <tr>
              <th scope="col">Device</th>
              <th scope="col" className="hide-sm">Address</th>
              <th scope="col" className="hide-sm">Signed in</th>
              <th scope="col" className="hide-sm">Last seen</th>
              <th scope="col" className="actions"><span className="visually-hidden">Actions</span></th>
            </tr>
          }
        >
          {sessions.map((session) => (
            <tr key={session.id} data-session-id={session.id}>
              <td>
                <div className="cell-title">{session.device}</div>
                {/* Narrow screens drop the other columns: address and last use go under the device. */}
                <div className="cell-sub show-sm">
                  {session.ip ?? "Unknown address"} · {session.current ? "now" : formatRelative(session.lastSeenAt).toLowerCase()}
                </div>
              </td>
              <td className="hide-sm">{session.ip ?? "Unknown"}</td>
              <td className="hide-sm">{formatDate(session.createdAt)}</td>
              <td className="hide-sm">{session.current ? "Now" : formatRelative(session.lastSeenAt)}</td>
              <td className="actions">{session.current ? <Badge tone="accent">This browser</Badge> : <EndSession id={session.id} device={session.device} />}</td>
            </tr>
          ))}
        </Table>
        <CardBody>
          <p className="field-hint">Changing your password or turning on two-factor sign-in also signs out every other session.</p>
        </CardBody>
      </Card>
    </div>
  );
}
