import type { Metadata } from "next";
import "@/components/dashboard/sites.css";
import { PageHeader } from "@/components/dashboard/shell";
import { ImportPageForm } from "@/components/dashboard/websites/import-page-form";
import { Alert } from "@/components/ui/alert";
import { requireWorkspace } from "@/lib/dashboard/workspace";

export const metadata: Metadata = { title: "Move in from LinkStack or Linktree" };

export default async function ImportWebsitePage() {
  const workspace = await requireWorkspace();
  return (
    <div className="page-stack">
      <PageHeader
        title="Move in from LinkStack or Linktree"
        description="Bring your profile, links and social icons over as a draft. You check it in the editor and publish when it's ready; nothing is public until then."
      />
      {workspace.readOnly ? <Alert tone="warning">Your team role (viewer) cannot create pages in this workspace.</Alert> : <ImportPageForm />}
    </div>
  );
}
