import type { Metadata } from "next";
import "@/components/links/links.css";
import { PageHeader } from "@/components/dashboard/shell";
import { ImportWizard } from "@/components/links/import-wizard";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { db } from "@/lib/db/open";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { linkFormChoices } from "@/lib/links/link-form-choices";

export const metadata: Metadata = { title: "Import links" };

export default async function ImportLinksPage() {
  const workspace = await requireWorkspace();
  const { domains, defaultDomain } = await linkFormChoices(await db(), workspace.ownerId);
  return (
    <div className="page-stack">
      <PageHeader
        title="Import links"
        description="Bring your links from Bitly, Dub, Short.io, Rebrandly or a spreadsheet. Each row is checked like a link made here."
        action={
          <ButtonLink href="/links" variant="secondary">
            Back to links
          </ButtonLink>
        }
      />
      {workspace.readOnly ? <Alert tone="warning">Your team role (viewer) cannot import links into this workspace.</Alert> : <ImportWizard domains={domains} defaultDomain={defaultDomain} />}
    </div>
  );
}
