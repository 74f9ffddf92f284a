import Link from "next/link";
import type { Limits } from "@/lib/accounts/plans";
import type { accountOverview as activityOverview } from "@/lib/analytics/account-overview";
import { countOf } from "@/lib/text/plural";
import { Card, CardBody, CardFooter, CardHeader } from "../ui/card";
import { Badge } from "../ui/badge";
import { ButtonLink } from "../ui/button";
import { GlobeIcon, KeyIcon, LayoutIcon, LinkIcon, PlusIcon } from "../ui/icons";
import { Table } from "../ui/table";
import { UsageBar } from "../ui/usage-bar";
import { TimeSeriesChart } from "./analytics/time-series-chart";
import { PageHeader } from "./shell";
import { planLabel } from "./plan";

interface OverviewProps {
  name: string;
  /** Set when a team member looks at the owner's workspace: the counts and plan are the owner's. */
  teamOwnerEmail?: string | null;
  counts: { links: number; websites: number; domains: number; keys: number };
  /** The last 30 days of the workspace: views and clicks per day, the top five links and websites. */
  activity: Awaited<ReturnType<typeof activityOverview>>;
  readOnly: boolean;
  report: { plan: string; links: { totalLimit: number | null; activeLimit: number | null; currentTotal: number; currentActive: number }; apiKeys: { active: number; max: number } };
  limits: Limits;
  /** The signed-in account's own limits: its API keys are governed by its own plan, even in a team workspace. */
  keyLimits?: Limits;
  appUrl: string;
}

/**
 * The workspace at a glance: what it holds (short links and websites counted apart, and together as
 * the plan counts them), what to do next, the last 30 days, and the plan — saying plainly when the
 * plan has no API instead of offering keys that would answer 403.
 */
export function Overview({ name, teamOwnerEmail = null, counts, activity, readOnly, report, limits, keyLimits = limits, appUrl }: OverviewProps) {
  const stats = [
    { href: "/links", label: "Short links", value: counts.links, icon: LinkIcon },
    { href: "/websites", label: "Websites", value: counts.websites, icon: LayoutIcon },
    { href: "/domains", label: "Domains", value: counts.domains, icon: GlobeIcon },
    // Keys are always the signed-in account's own, also in a team's workspace.
    { href: "/keys", label: teamOwnerEmail ? "Your API keys" : "API keys", value: counts.keys, icon: KeyIcon },
  ];
  const total = report.links.totalLimit;
  return (
    <div className="page-stack">
      <PageHeader
        title={`Welcome, ${name}`}
        description={teamOwnerEmail ? <>The links, websites and domains of {teamOwnerEmail}&apos;s workspace at a glance.</> : "Your links, websites and domains at a glance."}
        action={
          readOnly ? null : (
            <div className="quick-actions">
              <ButtonLink href="/websites/new" variant="secondary">
                <PlusIcon />
                New website
              </ButtonLink>
              <ButtonLink href="/links/new">
                <PlusIcon />
                New link
              </ButtonLink>
            </div>
          )
        }
      />
      {counts.links + counts.websites === 0 && !readOnly ? <FirstSteps /> : null}
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
      <Card labelledBy="overview-activity">
        <CardHeader
          id="overview-activity"
          title="Last 30 days"
          description={`${countOf(activity.totalViews, "view")} and ${countOf(activity.totalClicks, "click")} across the workspace (UTC).`}
          action={<Link href="/analytics">All analytics</Link>}
        />
        {activity.totalViews + activity.totalClicks === 0 ? (
          <CardBody>
            <p>No visits in the last 30 days. Share a short link, and its views and clicks show up here.</p>
          </CardBody>
        ) : (
          <>
            <CardBody>
              <TimeSeriesChart label="Views and clicks of the workspace per day" series={activity.series} />
            </CardBody>
            <Table
              caption="Top links and websites, last 30 days"
              head={
                <tr>
                  <th scope="col">Top links and websites</th>
                  <th scope="col" className="num">Views</th>
                  <th scope="col" className="num">Clicks</th>
                </tr>
              }
            >
              {activity.topLinks.map((link) => (
                <tr key={link.id}>
                  <td className="cell-wrap">
                    <Link href={`/analytics/link?id=${encodeURIComponent(link.id)}`}>{link.title || link.url.replace(/^https?:\/\//, "")}</Link>
                    <div className="cell-sub">
                      {link.type === "website" ? "Website" : "Short link"} · {link.url.replace(/^https?:\/\//, "")}
                    </div>
                  </td>
                  <td className="num">{link.views.toLocaleString("en-US")}</td>
                  <td className="num">{link.clicks.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </Table>
          </>
        )}
      </Card>
      <div className="grid-2">
        <Card labelledBy="plan-usage">
          <CardHeader id="plan-usage" title="Plan usage" description={teamOwnerEmail ? "What the owner's plan allows and what the workspace uses of it; API keys are your own." : "What your plan allows and what you use of it."} action={<Badge tone="accent">{planLabel(report.plan)}</Badge>} />
          <CardBody>
            <div className="usage-list">
              <UsageBar label="Links and websites" used={report.links.currentTotal} limit={total} />
              <p className="field-hint usage-note" data-testid="plan-count">
                {countOf(counts.links, "short link")} · {countOf(counts.websites, "website")} · {report.links.currentTotal.toLocaleString("en-US")}
                {total === null ? " in all (no limit)" : ` of your plan's ${total.toLocaleString("en-US")}`}
              </p>
              <UsageBar label="Active links and websites" used={report.links.currentActive} limit={report.links.activeLimit} />
              {keyLimits.apiAccess ? <UsageBar label="Active API keys" used={report.apiKeys.active} limit={report.apiKeys.max} /> : null}
            </div>
          </CardBody>
          <CardFooter>
            <span>
              {teamOwnerEmail
                ? keyLimits.apiAccess
                  ? `Your own API keys: ${keyLimits.hourly.toLocaleString("en-US")} requests/hour each, on your own plan`
                  : "API keys come with your own plan, which has none"
                : keyLimits.apiAccess
                  ? `API: ${keyLimits.hourly.toLocaleString("en-US")} requests/hour per key`
                  : "No API access on your plan"}
            </span>
            {/* The plan is the owner's: a member's own Account page would show another plan. */}
            {teamOwnerEmail ? <Link href="/links">Workspace links</Link> : <Link href="/account">Plan details</Link>}
          </CardFooter>
        </Card>
        {keyLimits.apiAccess ? <ApiCard appUrl={appUrl} /> : <NoApiCard />}
      </div>
    </div>
  );
}

/** An empty workspace's first step: a short link or a page (or links brought from elsewhere), before any API. */
function FirstSteps() {
  return (
    <Card labelledBy="first-steps">
      <CardHeader id="first-steps" title="Start here" description="Your workspace is empty. Most people begin with one of these." />
      <CardBody>
        <ul className="first-steps">
          <li>
            <LinkIcon />
            <div>
              <Link href="/links/new" className="first-step-title">Create a short link</Link>
              <p className="field-hint">Paste a long address; the short one is ready to share, with its clicks counted here.</p>
            </div>
          </li>
          <li>
            <LayoutIcon />
            <div>
              <Link href="/websites/new" className="first-step-title">Make a link-in-bio website</Link>
              <p className="field-hint">One page with your links, for a profile&apos;s bio: pick a design and publish.</p>
            </div>
          </li>
          <li>
            <PlusIcon />
            <div>
              <Link href="/links/import" className="first-step-title">Import links from Bitly, Dub, Short.io or Rebrandly</Link>
              <p className="field-hint">Their export file as it is: the same back-halves on your domain.</p>
            </div>
          </li>
        </ul>
      </CardBody>
    </Card>
  );
}

function ApiCard({ appUrl }: { appUrl: string }) {
  return (
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
        <span>
          Full reference: <a href="/docs/api">API reference</a>
        </span>
        <ButtonLink href="/keys" variant="secondary" size="sm">
          Create a key
        </ButtonLink>
      </CardFooter>
    </Card>
  );
}

/** A plan without the API: said plainly, with who can change it, and no key to create. */
function NoApiCard() {
  return (
    <Card labelledBy="no-api">
      <CardHeader id="no-api" title="The API is not on your plan" description="Your plan covers the dashboard: links, pages, domains and analytics." />
      <CardBody>
        <p>
          Scripts and apps need the Growth plan or higher to call Hop&apos;s API. Plans are set by whoever runs this Hop instance; ask them to move your account to Growth.
        </p>
      </CardBody>
    </Card>
  );
}
