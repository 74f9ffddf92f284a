import type { Metadata } from "next";
import "@/components/dashboard/sites.css";
import { PageHeader } from "@/components/dashboard/shell";
import { NewPageForm } from "@/components/dashboard/websites/new-page-form";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody } from "@/components/ui/card";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { GALLERY_DESIGNS } from "@/lib/drafts/design-sample";
import { designName } from "@/lib/websites/designs";

export const metadata: Metadata = { title: "New website" };

export default async function NewWebsitePage() {
  const workspace = await requireWorkspace();
  const designs = GALLERY_DESIGNS.map((id) => ({ id, name: designName(id) }));
  return (
    <div className="page-stack">
      <PageHeader
        title="New website"
        description={
          <>
            Name it and pick a look. You add your links in the editor and publish when it&apos;s ready; nothing is public until then. Have a page on LinkStack or Linktree?{" "}
            <Link href="/websites/import">Move it in</Link>.
          </>
        }
      />
      {workspace.readOnly ? (
        <Alert tone="warning">Your team role (viewer) cannot create pages in this workspace.</Alert>
      ) : (
        <Card>
          <CardBody>
            <NewPageForm designs={designs} />
          </CardBody>
        </Card>
      )}
    </div>
  );
}
