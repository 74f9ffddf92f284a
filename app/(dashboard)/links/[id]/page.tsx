import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import "@/components/links/links.css";
import { PageHeader } from "@/components/dashboard/shell";
import { DeleteLink } from "@/components/links/delete-link";
import { LinkForm } from "@/components/links/link-form";
import type { LinkDetails } from "@/components/links/link-form-model";
import { QrPanel } from "@/components/links/qr-panel";
import { VariantResults } from "@/components/links/variant-results";
import { variantResultsOfLink } from "@/lib/analytics/variant-stats";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { db } from "@/lib/db/open";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { linkOfAccount } from "@/lib/links/link-of-account";
import { linkFormChoices } from "@/lib/links/link-form-choices";
import { BEHAVIORS } from "@/lib/links/schemas";
import { pathParam } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "Link" };

export default async function LinkPage({ params }: { params: Promise<{ id: string }> }) {
  const workspace = await requireWorkspace();
  const id = pathParam((await params).id);
  if (id === null) notFound();
  const client = await db();
  // Read in the workspace (viewers included); the route handlers decide on changes.
  const found = await linkOfAccount(client, workspace.ownerId, id);
  if (!found) notFound();
  const link: LinkDetails = found;
  const choices = await linkFormChoices(client, workspace.ownerId);
  const variantResults = link.variants ? await variantResultsOfLink(client, workspace.ownerId, id) : null;
  return (
    <div className="page-stack">
      <PageHeader
        title={link.title || link.url.replace(/^https?:\/\//, "")}
        description={
          <span className="link-header-meta">
            <span className="link-url">{link.url}</span>
            <CopyButton value={link.url} label="Copy" />
            {link.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Inactive</Badge>}
          </span>
        }
        action={workspace.readOnly || found.type !== "deeplink" ? undefined : <DeleteLink id={link.id} url={link.url} />}
      />
      {variantResults ? <VariantResults linkId={link.id} results={variantResults} readOnly={workspace.readOnly} /> : null}
      {found.type === "deeplink" ? (
        // Keyed by the last change: a promoted variant (above) starts the form afresh.
        <LinkForm key={found.updatedAt} link={link} choices={{ ...choices, behaviors: BEHAVIORS }} readOnly={workspace.readOnly} />
      ) : (
        <Alert tone="info">
          This address is a {found.type === "website" ? "website" : "app link"}; its content is edited from <Link href="/websites">Websites</Link>. Its QR code is below.
        </Alert>
      )}
      <QrPanel id={link.id} url={link.url} />
    </div>
  );
}
