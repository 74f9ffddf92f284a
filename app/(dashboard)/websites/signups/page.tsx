import type { Metadata } from "next";
import Link from "next/link";
import "@/components/dashboard/sites.css";
import { formatDate } from "@/components/dashboard/format";
import { Pager, pageParam } from "@/components/dashboard/pager";
import { PageHeader } from "@/components/dashboard/shell";
import { DeleteSubscriber } from "@/components/dashboard/websites/delete-subscriber";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card, CardBody, CardFooter } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { isHopError } from "@/lib/errors";
import { mailConfigured } from "@/lib/mail/send-mail";
import { getWebsite } from "@/lib/websites/get-website";
import { listSubscribers } from "@/lib/websites/subscribers";
import { queryParam } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "Sign-ups" };

const PAGE_SIZE = 50;

function statusBadge(s: { status: string; optIn: string }) {
  if (s.status === "pending") return <Badge tone="warning">Pending</Badge>;
  return s.optIn === "single" ? <Badge>Single opt-in</Badge> : <Badge tone="success">Confirmed</Badge>;
}

/** The addresses a page's sign-up blocks collected: searched, exported, deleted one by one. */
export default async function SignupsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const workspace = await requireWorkspace();
  const params = await searchParams;
  const id = queryParam(params.id) ?? "";
  const search = (queryParam(params.q) ?? "").trim().slice(0, 320);
  const page = pageParam(params.page);
  const database = await db();
  const website = id ? await getWebsite(database, workspace.ownerId, id).catch((error: unknown) => (isHopError(error) ? null : Promise.reject(error))) : null;
  if (!website) {
    return (
      <div className="page-stack">
        <PageHeader title="Sign-ups" />
        <Alert tone="danger">No page {id ? <code>{id}</code> : null} in this workspace. Pick one on the <Link href="/websites">Websites</Link> page.</Alert>
      </div>
    );
  }
  const { data: subscribers, pagination } = await listSubscribers(database, workspace.ownerId, id, { page, limit: PAGE_SIZE, q: search || undefined });
  const address = website.data.url.replace(/^https?:\/\//, "");
  return (
    <div className="page-stack">
      <PageHeader
        title="Sign-ups"
        description={
          <>
            The e-mail addresses the sign-up block of <strong>{address}</strong> collected, newest first. <Link href="/websites">All pages</Link>
          </>
        }
        action={
          pagination.totalCount > 0 || search ? (
            <a className={buttonClass("secondary")} href={`/api/dashboard/websites/subscribers?id=${encodeURIComponent(id)}`} download>
              Export CSV
            </a>
          ) : null
        }
      />
      <Card>
        <CardBody>
          <form method="get" action="/websites/signups" className="search-form" role="search">
            <input type="hidden" name="id" value={id} />
            <label className="visually-hidden" htmlFor="q">
              Search addresses
            </label>
            <input id="q" name="q" type="search" className="input" defaultValue={search} placeholder="Search addresses" maxLength={320} />
            <button type="submit" className="btn btn-secondary">
              Search
            </button>
          </form>
          <p className="muted-note">
            {mailConfigured()
              ? "Each address is confirmed by a mailed link (double opt-in); unconfirmed ones are deleted after 48 hours."
              : "E-mail is not set up on this server: addresses are stored at once, unconfirmed (single opt-in)."}{" "}
            Delete an address when its owner asks you to.
          </p>
        </CardBody>
        {pagination.totalCount === 0 ? (
          search ? (
            <CardBody>
              <p className="muted-note">Nothing matches “{search}”.</p>
            </CardBody>
          ) : (
            <EmptyState icon={<UsersIcon />} title="No sign-ups yet">
              When visitors sign up with the page&apos;s sign-up block, their addresses are listed here.
            </EmptyState>
          )
        ) : (
          <>
            <Table
              caption={`Sign-ups of ${address}`}
              head={
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col" className="hide-sm">Status</th>
                  <th scope="col" className="hide-sm">Signed up</th>
                  <th scope="col" className="actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              }
            >
              {subscribers.map((s) => (
                <tr key={s.id}>
                  <td className="subscriber-email">
                    {s.email}
                    {/* A phone shows two columns: the status and date go under the address. */}
                    <div className="cell-sub show-sm">
                      {statusBadge(s)} {formatDate(s.createdAt)}
                    </div>
                  </td>
                  <td className="hide-sm">{statusBadge(s)}</td>
                  <td className="nowrap hide-sm">{formatDate(s.createdAt)}</td>
                  <td className="actions">
                    {workspace.readOnly ? null : <DeleteSubscriber websiteId={id} subscriberId={s.id} email={s.email} />}
                  </td>
                </tr>
              ))}
            </Table>
            <CardFooter>
              <Pager basePath="/websites/signups" params={search ? { id, q: search } : { id }} page={pagination.page} totalPages={pagination.totalPages} totalCount={pagination.totalCount} noun="sign-up" />
            </CardFooter>
          </>
        )}
      </Card>
    </div>
  );
}
