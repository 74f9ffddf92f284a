import type { Metadata } from "next";
import "@/components/links/links.css";
import { CreateKey, type KeyFormOptions } from "@/components/dashboard/create-key";
import { formatDate, formatNumber, formatRelative } from "@/components/dashboard/format";
import { planLabel } from "@/components/dashboard/plan";
import { RevokeKey } from "@/components/dashboard/revoke-key";
import { PageHeader } from "@/components/dashboard/shell";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardFooter } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import { confirmationState } from "@/lib/accounts/email-confirmation";
import { effectiveLimits } from "@/lib/accounts/plans";
import { db } from "@/lib/db/open";
import { requireAccount } from "@/lib/dashboard/current-account";
import { MAX_ACTIVE_KEYS } from "@/lib/keys/create-key";
import { listKeys } from "@/lib/keys/list-keys";
import { config } from "@/lib/config";
import { listDomains } from "@/lib/domains/connect-domain";
import { listGroups } from "@/lib/groups/groups";
import { SCOPE_DESCRIPTIONS, SCOPES } from "@/lib/keys/scopes";

export const metadata: Metadata = { title: "API keys" };

const ROLE_TONE = { full: "accent", creator: "success", viewer: "neutral", legacy: "neutral", custom: "warning" } as const;

/** What the create form offers: every scope, the account's groups, and the domains its links may live on. */
async function formOptions(accountId: string): Promise<KeyFormOptions> {
  const client = await db();
  const [groups, domains] = await Promise.all([listGroups(client, accountId), listDomains(client, accountId)]);
  const { primaryDomain, systemDomains } = config();
  return {
    scopes: SCOPES.map((name) => ({ name, description: SCOPE_DESCRIPTIONS[name] })),
    groups: groups.data.map((g) => ({ id: g.id, name: g.name })),
    domains: [primaryDomain, ...systemDomains, ...domains.data.map((d) => d.domain)],
  };
}

export default async function KeysPage() {
  const account = await requireAccount();
  const keys = await listKeys(await db(), account.id);
  const limits = effectiveLimits(account.plan, account.limitOverrides);
  const active = keys.filter((key) => !key.revokedAt).length;
  const options = await formOptions(account.id);
  const confirmation = await confirmationState(await db(), account.id);
  // The form only where the server would take it: the plan has the API and the address is confirmed.
  const canCreate = limits.apiAccess && confirmation.confirmed;
  const groupNames = new Map(options.groups.map((g) => [g.id, g.name]));
  return (
    <div className="page-stack">
      <PageHeader title="API keys" description={<>Keys let scripts and apps use Hop's API on your behalf. Each key is shown once, when you create it. <a href="/docs/api">API reference</a></>} action={canCreate ? <CreateKey atLimit={active >= MAX_ACTIVE_KEYS} options={options} /> : null} />
      {!limits.apiAccess ? (
        // Nothing here would answer anything but 403 plan_upgrade_required, so no key is offered.
        <Alert tone="warning">
          <strong>Your {planLabel(account.plan)} plan has no API access.</strong> The API comes with the Growth plan or higher. Plans are set by whoever runs this Hop instance (with{" "}
          <code>npm run cli -- account set-plan --email {account.email} --plan growth</code>): ask them to move your account, and keys can be created here.
        </Alert>
      ) : null}
      {limits.apiAccess && !confirmation.confirmed ? (
        // The server answers 403 email_not_confirmed until the link is opened, so no form is offered.
        <Alert tone="warning">
          <strong>Confirm your e-mail address to create API keys.</strong> We sent a link to {confirmation.email}; &ldquo;Resend the link&rdquo; at the top of the page sends a new one.
        </Alert>
      ) : null}
      {active >= MAX_ACTIVE_KEYS ? (
        <Alert tone="warning">
          <strong>You have {MAX_ACTIVE_KEYS} active keys, the most an account may have.</strong> Revoke one to create another.
        </Alert>
      ) : null}
      <Card>
        {keys.length === 0 ? (
          <EmptyState icon={<KeyIcon />} title="No API keys yet" actions={canCreate ? <CreateKey atLimit={false} options={options} /> : undefined}>
            {canCreate ? "Create a key to call the API from your code, Zapier or a deploy script." : limits.apiAccess ? "Once your e-mail address is confirmed, keys for your code, Zapier or a deploy script are made here." : "Once your plan includes the API, keys for your code, Zapier or a deploy script are made here."}
          </EmptyState>
        ) : (
          <>
            <Table
              caption="API keys"
              head={
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Access</th>
                  <th scope="col" className="hide-sm">Created</th>
                  <th scope="col" className="hide-sm">Last used</th>
                  <th scope="col" className="num hide-sm">This hour</th>
                  <th scope="col" className="num hide-sm">Today</th>
                  <th scope="col" className="num hide-sm">All time</th>
                  <th scope="col" className="actions"><span className="visually-hidden">Actions</span></th>
                </tr>
              }
            >
              {keys.map((key) => (
                <tr key={key.id} className={key.revokedAt ? "muted" : undefined} data-key-id={key.id}>
                  <td>
                    <div className="cell-title">{key.name}</div>
                    <div className="cell-sub">
                      <code>{key.prefix}…</code>
                    </div>
                    {key.groupIds.length || key.domains.length ? (
                      <div className="cell-sub">
                        Only {[...key.groupIds.map((id) => `group ${groupNames.get(id) ?? id}`), ...key.domains].join(", ")}
                      </div>
                    ) : null}
                    <div className="cell-sub show-sm">Last used {formatRelative(key.lastUsedAt).toLowerCase()}</div>
                    {key.expiresAt ? <div className="cell-sub">{key.expiresAt.getTime() <= Date.now() ? "Expired" : "Expires"} {formatDate(key.expiresAt)}</div> : null}
                  </td>
                  <td>
                    <Badge tone={ROLE_TONE[key.role as keyof typeof ROLE_TONE] ?? "neutral"}>{planLabel(key.role)}</Badge>
                    {key.role === "custom" ? <div className="cell-sub key-scopes">{key.scopes.join(", ")}</div> : null}
                  </td>
                  <td className="hide-sm">{formatDate(key.createdAt)}</td>
                  <td className="hide-sm">{formatRelative(key.lastUsedAt)}</td>
                  <td className="num hide-sm">{formatNumber(key.requestsThisHour)}</td>
                  <td className="num hide-sm">{formatNumber(key.requestsToday)}</td>
                  <td className="num hide-sm">{formatNumber(key.totalRequests)}</td>
                  <td className="actions">{key.revokedAt ? <Badge tone="danger">Revoked</Badge> : <RevokeKey id={key.id} name={key.name} />}</td>
                </tr>
              ))}
            </Table>
            <CardFooter>
              <span>
                {active} of {MAX_ACTIVE_KEYS} active keys
              </span>
              <span>{limits.apiAccess ? `${formatNumber(limits.hourly)} requests/hour and ${formatNumber(limits.daily)}/day per key` : "No API access on this plan"}</span>
            </CardFooter>
          </>
        )}
      </Card>
    </div>
  );
}
