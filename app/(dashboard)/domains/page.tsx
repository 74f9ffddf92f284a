import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/shell";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { GlobeIcon } from "@/components/ui/icons";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Domains" };

export default async function Page() {
  await requireAccount();
  return (
    <div className="page-stack">
      <PageHeader title="Domains" description="Custom domains for your links and pages." />
      <Card>
        <EmptyState
          icon={<GlobeIcon />}
          title="Domain management is on its way"
          actions={
            <ButtonLink href="/keys" variant="secondary">
              Get an API key
            </ButtonLink>
          }
        >
          Until it arrives here, connect and verify domains through the API: <code>POST /v1/domains</code> with an API key.
        </EmptyState>
      </Card>
    </div>
  );
}
