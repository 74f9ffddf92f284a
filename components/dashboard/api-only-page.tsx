import type { ReactNode } from "react";
import { PageHeader } from "@/components/dashboard/shell";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

// A dashboard area whose pages have not been built yet: it says so and points at the API call
// that does the same today, so the page is a way forward rather than a dead end.
export function ApiOnlyPage(props: { title: string; description: string; icon: ReactNode; pending: string; children: ReactNode }) {
  return (
    <div className="page-stack">
      <PageHeader title={props.title} description={props.description} />
      <Card>
        <EmptyState
          icon={props.icon}
          title={props.pending}
          actions={
            <ButtonLink href="/keys" variant="secondary">
              Get an API key
            </ButtonLink>
          }
        >
          {props.children}
        </EmptyState>
      </Card>
    </div>
  );
}
