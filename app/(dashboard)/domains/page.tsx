import type { Metadata } from "next";
import "@/components/dashboard/sites.css";
import { ConnectDomainForm } from "@/components/dashboard/domains/connect-domain-form";
import { DomainCard } from "@/components/dashboard/domains/domain-card";
import { PageHeader } from "@/components/dashboard/shell";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { GlobeIcon } from "@/components/ui/icons";
import { config } from "@/lib/config";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { listDomains } from "@/lib/domains/connect-domain";
import { countLinksByDomain } from "@/lib/domains/count-domain-links";
import { dnsSetupProblem } from "@/lib/domains/dns-setup";

export const metadata: Metadata = { title: "Domains" };

export default async function DomainsPage() {
  const workspace = await requireWorkspace();
  const database = await db();
  const { data: domains } = await listDomains(database, workspace.ownerId);
  const counts = await countLinksByDomain(database, workspace.ownerId, domains.map((d) => d.domain));
  const primaryDomain = config().primaryDomain;
  // Domain writes are the owner's alone (the routes use workspace: "owner"), so admins and editors only look here.
  const readOnly = workspace.role !== "owner";
  const fallback = domains.find((d) => d.isDefault)?.domain ?? primaryDomain;
  const dnsProblem = dnsSetupProblem();
  const { cnameTarget, apexARecord } = config();
  return (
    <div className="page-stack">
      <PageHeader
        title="Domains"
        description={
          readOnly ? (
            <>The domains of {workspace.ownerEmail}&apos;s workspace. New links use its default domain, now <strong>{fallback}</strong>.</>
          ) : (
            <>Your own domains for links and websites. New links use the default domain, now <strong>{fallback}</strong>.</>
          )
        }
      />
      {dnsProblem ? (
        <Alert tone="warning">
          <strong>Custom domains can&apos;t be verified on this Hop instance yet.</strong> The records it asks for point at{" "}
          {dnsProblem.variables.includes("CNAME_TARGET") ? <code>{cnameTarget}</code> : null}
          {dnsProblem.variables.length === 2 ? " and " : null}
          {dnsProblem.variables.includes("APEX_A_RECORD") ? <code>{apexARecord}</code> : null}, which no DNS provider can send visitors to. If you run this
          instance, set {dnsProblem.variables.map((name, i) => (
            <span key={name}>
              {i ? " and " : ""}
              <code>{name}</code>
            </span>
          ))}{" "}
          to this server&apos;s public name and address (docs/domains.md, &ldquo;Records&rdquo;); otherwise ask its operator.
        </Alert>
      ) : null}
      {readOnly ? (
        // A member's view by design, not an error: the API gives team members no way to an owner's domains.
        domains.length === 0 ? (
          <Card>
            <EmptyState icon={<GlobeIcon />} title="Only the workspace owner manages domains">
              {workspace.ownerEmail} connects and verifies this workspace&apos;s domains. It has none yet, so links and websites live on {primaryDomain}.
            </EmptyState>
          </Card>
        ) : (
          <Card labelledBy="owner-domains">
            <CardHeader id="owner-domains" title="Only the workspace owner manages domains" />
            <CardBody>
              <p className="card-description">
                {workspace.ownerEmail} connects, verifies and removes them. You can use them for new links and copy their DNS records.
              </p>
            </CardBody>
          </Card>
        )
      ) : (
        <Card labelledBy="connect-domain">
          <CardHeader id="connect-domain" title="Connect a domain" description="You will get one DNS record to create at your DNS provider." />
          <CardBody>
            <ConnectDomainForm />
          </CardBody>
        </Card>
      )}
      {domains.length === 0 ? (
        readOnly ? null : (
          <Card>
            <EmptyState icon={<GlobeIcon />} title="No domains yet">
              Links and websites live on {primaryDomain} until you connect a domain of your own.
            </EmptyState>
          </Card>
        )
      ) : (
        domains.map((domain) => <DomainCard key={domain.id} domain={domain} linkCount={counts.get(domain.domain) ?? 0} primaryDomain={primaryDomain} readOnly={readOnly} />)
      )}
    </div>
  );
}
