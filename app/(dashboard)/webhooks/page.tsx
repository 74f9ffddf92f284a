import type { Metadata } from "next";
import "@/components/links/links.css";
import { PageHeader } from "@/components/dashboard/shell";
import { CreateWebhook } from "@/components/dashboard/webhooks/create-webhook";
import { WebhookCard } from "@/components/dashboard/webhooks/webhook-card";
import { DeliveryRefresh } from "@/components/dashboard/webhooks/delivery-refresh";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { RefreshIcon } from "@/components/ui/icons";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { listDeliveries, listWebhooks } from "@/lib/webhooks/manage-webhooks";
import { MAX_WEBHOOKS } from "@/lib/webhooks/schemas";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const workspace = await requireWorkspace();
  // Webhooks are the owner's, as the API keeps them to full keys: team members see that they exist, not where they send.
  if (workspace.role !== "owner") {
    return (
      <div className="page-stack">
        <PageHeader title="Webhooks" description="Events sent to other systems as they happen." />
        <Alert tone="info">Only {workspace.ownerEmail}, the workspace&apos;s owner, manages its webhooks.</Alert>
      </div>
    );
  }
  const database = await db();
  const { data: webhooks } = await listWebhooks(database, workspace.ownerId);
  const logs = await Promise.all(webhooks.map((webhook) => listDeliveries(database, workspace.ownerId, webhook.id)));
  return (
    <div className="page-stack">
      <PageHeader
        title="Webhooks"
        description="Tell other systems what happens — links created, changed, deleted or visited, pages published, forms sent — signed as Standard Webhooks and retried until they arrive."
        action={<CreateWebhook atLimit={webhooks.length >= MAX_WEBHOOKS} />}
      />
      {webhooks.length === 0 ? (
        <Card>
          <CardBody>
            <EmptyState icon={<RefreshIcon />} title="No webhooks yet" headingLevel={2}>
              Add one to have Hop POST each event you pick to your URL. The signing secret is shown once, when you add it.
            </EmptyState>
          </CardBody>
        </Card>
      ) : (
        webhooks.map((webhook, index) => <WebhookCard key={webhook.id} webhook={webhook} deliveries={logs[index].data.slice(0, 20)} readOnly={false} />)
      )}
      {webhooks.length ? <DeliveryRefresh pending={logs.some((log) => log.data.slice(0, 20).some((delivery) => delivery.status === "pending"))} /> : null}
    </div>
  );
}
