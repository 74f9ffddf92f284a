import type { Metadata } from "next";
import "@/components/links/links.css";
import { PageHeader } from "@/components/dashboard/shell";
import { LinkForm } from "@/components/links/link-form";
import { Alert } from "@/components/ui/alert";
import { db } from "@/lib/db/open";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { linkFormChoices } from "@/lib/links/link-form-choices";
import { suggestedSlug } from "@/lib/links/slug-rules";
import { BEHAVIORS } from "@/lib/links/schemas";

export const metadata: Metadata = { title: "New link" };

export default async function NewLinkPage() {
  const workspace = await requireWorkspace();
  const choices = await linkFormChoices(await db(), workspace.ownerId);
  return (
    <div className="page-stack">
      <PageHeader title="New link" description="Paste a destination; the short link is ready to create. Rules, previews and tracking are optional." />
      {workspace.readOnly ? <Alert tone="warning">Your team role (viewer) cannot create links in this workspace.</Alert> : null}
      <LinkForm link={null} choices={{ ...choices, behaviors: BEHAVIORS }} readOnly={workspace.readOnly} initialSlug={suggestedSlug()} />
    </div>
  );
}
