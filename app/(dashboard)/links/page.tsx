import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/shell";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkIcon } from "@/components/ui/icons";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Links" };

export default async function Page() {
  await requireAccount();
  return (
    <div className="page-stack">
      <PageHeader title="Links" description="Short links, their rules and their clicks." />
      <Card>
        <EmptyState
          icon={<LinkIcon />}
          title="The link editor is on its way"
          actions={
            <ButtonLink href="/keys" variant="secondary">
              Get an API key
            </ButtonLink>
          }
        >
          Until it arrives here, create and manage short links through the API: <code>POST /v1/links</code> with an API key.
        </EmptyState>
      </Card>
    </div>
  );
}
