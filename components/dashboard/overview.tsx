import Link from "next/link";
import type { Limits } from "@/lib/accounts/plans";
import { Card, CardBody, CardFooter, CardHeader } from "../ui/card";
import { Badge } from "../ui/badge";
import { ButtonLink } from "../ui/button";
import { GlobeIcon, KeyIcon, LayoutIcon, LinkIcon } from "../ui/icons";
import { UsageBar } from "../ui/usage-bar";
import { PageHeader } from "./shell";
import { planLabel } from "./plan";

interface OverviewProps {
  name: string;
  /** Set when a team member looks at the owner's workspace: the counts and plan are the owner's. */
  teamOwnerEmail?: string | null;
  counts: { links: number; websites: number; domains: number; keys: number };
  report: { plan: string; links: { totalLimit: number | null; activeLimit: number | null; currentTotal: number; currentActive: number }; apiKeys: { active: number; max: number } };
  limits: Limits;
  /** The signed-in account's own limits: its API keys are governed by its own plan, even in a team workspace. */
  keyLimits?: Limits;
  appUrl: string;
}

export function Overview({ name, teamOwnerEmail = null, counts, report, limits, keyLimits = limits, appUrl }: OverviewProps) {
  const stats = [
    { href: "/links", label: "Links", value: counts.links, icon: LinkIcon },
    { href: "/websites", label: "Websites", value: counts.websites, icon: LayoutIcon },
    { href: "/domains", label: "Domains", value: counts.domains, icon: GlobeIcon },
    // Keys are always the signed-in account's own, also in a team's workspace.
    { href: "/keys", label: teamOwnerEmail ? "Your API keys" : "API keys", value: counts.keys, icon: KeyIcon },
  ];
  return (
    <div className="page-stack">
      <PageHeader
        title={`Welcome, ${name}`}
        description={teamOwnerEmail ? <>The links, pages and domains of {teamOwnerEmail}&apos;s workspace at a glance.</> : "Your links, pages and domains at a glance."}
      />
      <div className="stats">
        {stats.map(({ href, label, value, icon: Icon }) => (
          <Link key={href} href={href} className="card stat">
            <span className="stat-label">
              <Icon /> {label}
            </span>
            <span className="stat-value">{value.toLocaleString("en-US")}</span>
          </Link>
        ))}
      </div>
      <div className="grid-2">
        <Card labelledBy="plan-usage">
          <CardHeader id="plan-usage" title="Plan usage" description={teamOwnerEmail ? "What the owner's plan allows and what the workspace uses of it; API keys are your own." : "What your plan allows and what you use of it."} action={<Badge tone="accent">{planLabel(report.plan)}</Badge>} />
          <CardBody>
            <div className="usage-list">
              <UsageBar label="Links" used={report.links.currentTotal} limit={report.links.totalLimit} />
              <UsageBar label="Active links" used={report.links.currentActive} limit={report.links.activeLimit} />
              <UsageBar label="Active API keys" used={report.apiKeys.active} limit={report.apiKeys.max} />
            </div>
          </CardBody>
          <CardFooter>
            <span>{keyLimits.apiAccess ? `API: ${keyLimits.hourly.toLocaleString("en-US")} requests/hour per key` : "No API access on your plan"}</span>
            {/* The plan is the owner's: a member's own Account page would show another plan. */}
            {teamOwnerEmail ? <Link href="/links">Workspace links</Link> : <Link href="/account">Plan details</Link>}
          </CardFooter>
        </Card>
        <Card labelledBy="get-started">
          <CardHeader id="get-started" title="Get started with the API" description="Everything in Hop is one HTTP call away." />
          <CardBody>
            <ol className="steps">
              <li>
                <span>
                  Create an API key on the <Link href="/keys">API keys</Link> page.
                </span>
              </li>
              <li>
                <span>Call the API with it:</span>
              </li>
            </ol>
            <pre className="code-block" tabIndex={0}>
              <code>{`curl ${appUrl}/v1/account/usage \\\n  -H "Authorization: Bearer <your key>"`}</code>
            </pre>
          </CardBody>
          <CardFooter>
            <span>Full reference: <a href="/docs/api">API reference</a></span>
            <ButtonLink href="/keys" variant="secondary" size="sm">
              Create a key
            </ButtonLink>
          </CardFooter>
        </Card>
      </div>
    </div>
  );
}
