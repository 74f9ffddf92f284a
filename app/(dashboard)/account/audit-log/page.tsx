import type { Metadata } from "next";
import "@/components/links/links.css";
import { AuditFiltersForm } from "@/components/dashboard/audit-filters";
import { formatRelative } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { Alert } from "@/components/ui/alert";
import { Card, CardFooter } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ListIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import { deviceOf } from "@/lib/accounts/account-sessions";
import { AuditLogQuery, listAuditLog } from "@/lib/audit/list-audit";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { countOf } from "@/lib/text/plural";

export const metadata: Metadata = { title: "Audit log" };

const FILTERS = ["actor", "action", "target", "from", "to"] as const;
const VIA = { api: "API", dashboard: "Dashboard", editor: "Editor", cli: "Operator CLI", mcp: "MCP", system: "Hop" } as Record<string, string>;

/** A browser as "Chrome on Linux"; a client that is no browser (curl, an SDK) by its own first words. */
function agentText(userAgent: string): string {
  const device = deviceOf(userAgent);
  return device === "Unknown browser" ? (userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent) : device;
}

function actorText(actor: { type: string; label: string | null; keyPrefix: string | null }): string {
  if (actor.type === "key") return `Key “${actor.label ?? "?"}” (${actor.keyPrefix ?? ""}…)`;
  if (actor.type === "operator") return "The operator";
  if (actor.type === "system") return "Hop";
  return actor.label ?? "Someone not signed in";
}

/** The fields an entry changed; for a run of editor autosaves (`repeats`, `lastAt`), how many and the latest. */
function ChangedFields({ changes, createdAt }: { changes: unknown; createdAt: string }) {
  const { fields = [], repeats, lastAt } = (changes ?? {}) as { fields?: string[]; repeats?: number; lastAt?: string };
  return (
    <>
      {fields.join(", ")}
      {repeats ? (
        <div className="cell-sub">
          {countOf(repeats, "save")}, the last <time dateTime={lastAt ?? createdAt}>{formatRelative(lastAt ?? createdAt).toLowerCase()}</time>
        </div>
      ) : null}
    </>
  );
}

/** Settings → Audit log: every change to the workspace, newest first, with the API's filters. */
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const workspace = await requireWorkspace();
  if (workspace.role !== "owner" && workspace.role !== "admin") {
    return (
      <div className="page-stack">
        <PageHeader title="Audit log" description="Every change to this workspace: who, when, from where." />
        <Alert tone="info">Only {workspace.ownerEmail}, the workspace&apos;s owner, and the team&apos;s admins read its audit log.</Alert>
      </div>
    );
  }
  const raw = await searchParams;
  const given = Object.fromEntries(FILTERS.map((name) => [name, typeof raw[name] === "string" ? (raw[name] as string).trim() : ""]).filter(([, v]) => v));
  const cursor = typeof raw.cursor === "string" ? raw.cursor : undefined;
  const parsed = AuditLogQuery.safeParse({ ...given, ...(cursor ? { cursor } : {}), limit: "50" });
  const page = parsed.success ? await listAuditLog(await db(), workspace.account.id, { ...parsed.data, workspace: workspace.ownerId }).catch(() => null) : null;
  const query = new URLSearchParams(given as Record<string, string>);
  return (
    <div className="page-stack">
      <PageHeader
        title="Audit log"
        description={<>Every change to this workspace — through the API, the dashboard, the editor or the operator CLI — with who made it and from where. Entries are kept for a year unless whoever runs Hop chose otherwise.</>}
        action={
          <a className="btn btn-secondary" href={`/api/dashboard/audit-log/export?${query}`} download>
            Export CSV
          </a>
        }
      />
      <AuditFiltersForm values={given as Record<string, string>} />
      {!parsed.success || !page ? <Alert tone="warning">These filters cannot be read: dates are YYYY-MM-DD or ISO 8601 date-times.</Alert> : null}
      <Card>
        {page && page.data.length === 0 ? (
          <EmptyState icon={<ListIcon />} title={Object.keys(given).length ? "No entry matches" : "No changes yet"}>
            {Object.keys(given).length ? "Loosen a filter to see more." : "Changes to links, pages, domains, groups, keys, webhooks, the account and the team appear here as they happen."}
          </EmptyState>
        ) : page ? (
          <>
            <Table
              caption="Audit log entries"
              className="audit-table"
              head={
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col" className="hide-sm">Fields</th>
                  <th scope="col" className="hide-sm">From</th>
                </tr>
              }
            >
              {page.data.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.createdAt} title={entry.createdAt}>
                      {formatRelative(entry.createdAt)}
                    </time>
                  </td>
                  <td>
                    <div className="cell-title">{actorText(entry.actor)}</div>
                    <div className="cell-sub">via {VIA[entry.actor.via] ?? entry.actor.via}</div>
                  </td>
                  <td>
                    <div className="cell-title">
                      <code>{entry.action}</code>
                    </div>
                    {entry.target ? <div className="cell-sub">{entry.target.label ?? entry.target.id}</div> : null}
                  </td>
                  <td className="hide-sm">
                    <ChangedFields changes={entry.changes} createdAt={entry.createdAt} />
                  </td>
                  <td className="hide-sm">
                    <div>{entry.ip ?? "—"}</div>
                    {entry.userAgent ? (
                      <div className="cell-sub" title={entry.userAgent}>
                        {agentText(entry.userAgent)}
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </Table>
            <CardFooter>
              <span>{page.data.length} entries on this page</span>
              {page.nextCursor ? <a href={`/account/audit-log?${new URLSearchParams({ ...(given as Record<string, string>), cursor: page.nextCursor })}`}>Older entries →</a> : <span>The oldest entry kept</span>}
            </CardFooter>
          </>
        ) : null}
      </Card>
    </div>
  );
}
