import { dnsHostLabel } from "@/lib/domains/host-label";
import { Alert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Card, CardBody } from "../../ui/card";
import { CopyButton } from "../../ui/copy-button";
import { formatDate } from "../format";
import { DomainActions } from "./domain-actions";
import { countOf } from "@/lib/text/plural";

export interface DomainView {
  domain: string;
  verified: boolean;
  verifiedAt: string | null;
  isDefault: boolean;
  dnsRecords: { type: string; host: string; value: string };
  createdAt: string;
  claimExpiresAt: string | null;
  warning: string | null;
  unverifiedReason: string | null;
}

/** One connected domain: its state, the record to create (each part with copy) and its actions. */
export function DomainCard({ domain, linkCount, primaryDomain, readOnly }: { domain: DomainView; linkCount: number; primaryDomain: string; readOnly: boolean }) {
  const headingId = `domain-${domain.domain.replace(/[^a-z0-9]/g, "-")}`;
  const record = domain.dnsRecords;
  return (
    <Card labelledBy={headingId} className="domain-card">
      <CardBody>
        <div className="domain-head">
          <h2 className="card-title domain-name" id={headingId}>
            {domain.domain}
          </h2>
          <div className="badges">
            {domain.verified ? <Badge tone="success">Verified {formatDate(domain.verifiedAt)}</Badge> : <Badge tone="warning">Not verified</Badge>}
            {domain.isDefault ? <Badge tone="accent">Default</Badge> : null}
            <Badge>{countOf(linkCount, "link")}</Badge>
          </div>
        </div>
        {domain.warning ? <Alert tone="warning">{domain.warning}</Alert> : null}
        {!domain.verified && domain.unverifiedReason ? <Alert tone="danger">{domain.unverifiedReason}</Alert> : null}
        {domain.verified ? null : (
          <p className="domain-instructions">
            At your DNS provider, create this record, then press <strong>Verify now</strong>. The host is the name inside your domain&apos;s zone ({dnsHostLabel(record.host) === "@" ? "@ is the domain itself" : <code>{dnsHostLabel(record.host)}</code>}); a provider that asks for the full name wants <code>{record.host}</code>.
            {domain.claimExpiresAt ? ` Unverified, the claim lapses on ${formatDate(domain.claimExpiresAt)}.` : ""}
          </p>
        )}
        <dl className="dns-record" aria-label={`DNS record for ${domain.domain}`}>
          {(
            [
              ["Type", record.type],
              ["Host", dnsHostLabel(record.host)],
              ["Value", record.value],
            ] as const
          ).map(([label, value]) => (
            <div className="dns-record-part" key={label}>
              <dt>{label}</dt>
              <dd>
                <code>{value}</code>
                <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
              </dd>
            </div>
          ))}
        </dl>
        <DomainActions
          domain={domain.domain}
          verified={domain.verified}
          isDefault={domain.isDefault}
          recordType={record.type}
          linkCount={linkCount}
          primaryDomain={primaryDomain}
          readOnly={readOnly}
        />
      </CardBody>
    </Card>
  );
}
