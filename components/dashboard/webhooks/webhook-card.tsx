import type { listDeliveries, toWebhookObject } from "@/lib/webhooks/manage-webhooks";
import { Alert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Card, CardBody, CardHeader } from "../../ui/card";
import { ConfirmAction } from "../../ui/confirm-action";
import { formatNumber, formatRelative } from "../format";

type WebhookView = ReturnType<typeof toWebhookObject>;
type Delivery = Awaited<ReturnType<typeof listDeliveries>>["data"][number];

const STATUS_TONE = { delivered: "success", pending: "warning", failed: "danger" } as const;

/** One webhook: where it sends, what, whether it works, its last deliveries, and what the owner can do. */
export function WebhookCard({ webhook, deliveries, readOnly }: { webhook: WebhookView; deliveries: Delivery[]; readOnly: boolean }) {
  const titleId = `webhook-${webhook.id}`;
  return (
    <Card labelledBy={titleId}>
      <CardHeader
        id={titleId}
        title={webhook.url}
        description={
          <span className="tag-list">
            {webhook.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Switched off</Badge>}
            {webhook.events.map((name) => (
              <Badge key={name}>{name}</Badge>
            ))}
          </span>
        }
        action={
          readOnly ? null : (
            <div className="inline-actions">
              {webhook.isActive ? null : (
                <ConfirmAction id={`enable-${webhook.id}`} method="POST" url={`/api/dashboard/webhooks/${webhook.id}/enable`} label="Re-enable" title="Re-enable this webhook?" description="Deliveries waiting for it are sent again; if the receiver still fails, it is switched off after another week." done="Webhook re-enabled" variant="secondary" size="sm" />
              )}
              <ConfirmAction id={`test-${webhook.id}`} method="POST" url={`/api/dashboard/webhooks/${webhook.id}/test`} label="Send test event" title="Send a test event?" description="A webhook.test event goes to this URL within a few seconds; it shows in the deliveries below." done="Test event queued" variant="secondary" size="sm" />
              <ConfirmAction id={`delete-${webhook.id}`} method="DELETE" url={`/api/dashboard/webhooks/${webhook.id}`} label="Delete" title="Delete this webhook?" description="Nothing more is sent to it; its waiting deliveries are dropped." done="Webhook deleted" variant="danger-outline" size="sm" />
            </div>
          )
        }
      />
      <CardBody>
        {webhook.disabledReason ? <Alert tone="danger">{webhook.disabledReason}</Alert> : null}
        {webhook.clicksOverCap > 0 ? (
          <p className="field-hint">{formatNumber(webhook.clicksOverCap)} link.clicked events came faster than the per-minute cap and were counted, not sent.</p>
        ) : null}
        {deliveries.length === 0 ? (
          <p className="field-hint">No deliveries yet. Events appear here as they are sent.</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-label={`Deliveries to ${webhook.url}`}>
            <table className="table">
              <caption className="visually-hidden">The last deliveries to {webhook.url}</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">Attempts</th>
                  <th scope="col" className="num">Answer</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => (
                  <tr key={delivery.id} data-delivery-id={delivery.id}>
                    <td>
                      <code>{delivery.event}</code>
                    </td>
                    <td>
                      <Badge tone={STATUS_TONE[delivery.status]}>{delivery.status}</Badge>
                    </td>
                    <td className="num">{delivery.attempts}</td>
                    <td className="num">{delivery.lastStatusCode ?? "—"}</td>
                    <td>{formatRelative(delivery.deliveredAt ?? delivery.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
