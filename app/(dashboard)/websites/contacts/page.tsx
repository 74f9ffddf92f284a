import type { Metadata } from "next";
import Link from "next/link";
import "@/components/dashboard/sites.css";
import { formatDate } from "@/components/dashboard/format";
import { Pager, pageParam } from "@/components/dashboard/pager";
import { PageHeader } from "@/components/dashboard/shell";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Card, CardFooter } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { isHopError } from "@/lib/errors";
import { getWebsite } from "@/lib/websites/get-website";
import { listContacts } from "@/lib/websites/list-contacts";
import { queryParam } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "Contacts" };

const PAGE_SIZE = 50;

export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const workspace = await requireWorkspace();
  const params = await searchParams;
  const id = queryParam(params.id) ?? "";
  const page = pageParam(params.page);
  const database = await db();
  const website = id ? await getWebsite(database, workspace.ownerId, id).catch((error: unknown) => (isHopError(error) ? null : Promise.reject(error))) : null;
  if (!website) {
    return (
      <div className="page-stack">
        <PageHeader title="Contacts" />
        <Alert tone="danger">No page {id ? <code>{id}</code> : null} in this workspace. Pick one on the <Link href="/websites">Websites</Link> page.</Alert>
      </div>
    );
  }
  const { data: contacts, pagination } = await listContacts(database, workspace.ownerId, id, { page, limit: PAGE_SIZE });
  const address = website.data.url.replace(/^https?:\/\//, "");
  return (
    <div className="page-stack">
      <PageHeader
        title="Contacts"
        description={
          <>
            What the contact form of <strong>{address}</strong> collected, newest first. <Link href="/websites">All pages</Link>
          </>
        }
        action={
          pagination.totalCount > 0 ? (
            <a className={buttonClass("secondary")} href={`/api/dashboard/websites/contacts?id=${encodeURIComponent(id)}`} download>
              Export CSV
            </a>
          ) : null
        }
      />
      <Card>
        {pagination.totalCount === 0 ? (
          <EmptyState icon={<UsersIcon />} title="No contacts yet">
            When visitors send the page&apos;s contact form, their messages are listed here.
          </EmptyState>
        ) : (
          <>
            <Table
              caption={`Contacts of ${address}`}
              head={
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col" className="hide-sm">Phone</th>
                  <th scope="col">Message</th>
                </tr>
              }
            >
              {contacts.map((contact) => (
                <tr key={contact.id}>
                  <td className="nowrap">{formatDate(contact.createdAt)}</td>
                  <td>{contact.name ?? "—"}</td>
                  <td>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : "—"}</td>
                  <td className="hide-sm">{contact.phone ?? "—"}</td>
                  <td className="contact-message">{contact.message ?? "—"}</td>
                </tr>
              ))}
            </Table>
            <CardFooter>
              <Pager basePath="/websites/contacts" params={{ id }} page={pagination.page} totalPages={pagination.totalPages} totalCount={pagination.totalCount} noun="contact" />
            </CardFooter>
          </>
        )}
      </Card>
    </div>
  );
}
