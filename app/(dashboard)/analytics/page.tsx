import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/shell";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ChartIcon } from "@/components/ui/icons";
import { requireAccount } from "@/lib/dashboard/current-account";

export const metadata: Metadata = { title: "Analytics" };

export default async function Page() {
  await requireAccount();
  return (
    <div className="page-stack">
      <PageHeader title="Analytics" description="Clicks and visits by country, device and referrer." />
      <Card>
        <EmptyState
          icon={<ChartIcon />}
          title="Charts are on their way"
          actions={
            <ButtonLink href="/keys" variant="secondary">
              Get an API key
            </ButtonLink>
          }
        >
          Until they arrive here, read any link&apos;s numbers through the API: <code>GET /v1/analytics/links/&lt;id&gt;</code> with an API key.
        </EmptyState>
      </Card>
    </div>
  );
}
