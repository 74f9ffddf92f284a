import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/shell";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LayoutIcon } from "@/components/ui/icons";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Websites" };

export default async function Page() {
  await requireAccount();
  return (
    <div className="page-stack">
      <PageHeader title="Websites" description="Link-in-bio pages with your links, socials and contact forms." />
      <Card>
        <EmptyState
          icon={<LayoutIcon />}
          title="The page editor is on its way"
          actions={
            <ButtonLink href="/keys" variant="secondary">
              Get an API key
            </ButtonLink>
          }
        >
          Until it arrives here, create link-in-bio pages through the API: <code>POST /v1/websites</code> with an API key.
        </EmptyState>
      </Card>
    </div>
  );
}
