import type { Metadata } from "next";
import "@/components/links/links.css";
import { PageHeader } from "@/components/dashboard/shell";
import { LinkForm } from "@/components/links/link-form";
import { Alert } from "@/components/ui/alert";
import { db } from "@/lib/db/open";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { linkFormChoices } from "@/lib/links/link-form-choices";
import { linkOfAccount } from "@/lib/links/link-of-account";
import { suggestedSlug } from "@/lib/links/slug-rules";
import { BEHAVIORS } from "@/lib/links/schemas";
import { queryParam } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "New link" };

export default async function NewLinkPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const workspace = await requireWorkspace();
  const client = await db();
  const choices = await linkFormChoices(client, workspace.ownerId);
  // "Duplicate with a new slug": the form starts from another link of the workspace (a short link,
  // not a page), with a slug of its own; an unknown one is a blank form.
  const from = queryParam((await searchParams).from);
  const source = from ? await linkOfAccount(client, workspace.ownerId, from) : null;
  const template = source && source.type === "deeplink" ? source : null;
  return (
    <div className="page-stack">
      <PageHeader
        title={template ? "Duplicate link" : "New link"}
        description={template ? `Everything of ${template.url.replace(/^https?:\/\//, "")}, under a new short link. Change what you like, then create it.` : "Paste a destination; the short link is ready to create. Rules, previews and tracking are optional."}
      />
      {workspace.readOnly ? <Alert tone="warning">Your team role (viewer) cannot create links in this workspace.</Alert> : null}
      <LinkForm link={null} template={template} choices={{ ...choices, behaviors: BEHAVIORS }} readOnly={workspace.readOnly} initialSlug={suggestedSlug()} />
    </div>
  );
}
