import { DOMAIN_EVENT_LABELS } from '../../../../shared/schemas/domain-events.ts';
import type { WebhookDelivery } from '../../../../shared/schemas/integrations.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUtcDayTime } from '../../../lib/utc-dates.ts';
import { useRedeliverWebhookDelivery, useWebhookDeliveries } from '../api/integrations-api.ts';
import { DELIVERY_STATUS_LABELS } from '../integration-labels.ts';

const STATUS_TONES = { pending: 'info', succeeded: 'green', failed: 'red' } as const;

/** A webhook's delivery log (newest first, the last 100): time, event, response code, attempts, status, and Redeliver. */
export function WebhookDeliveries({ webhookId, name }: { webhookId: string; name: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  const redeliver = useRedeliverWebhookDelivery();
  const rows = deliveries.data?.deliveries ?? [];

  const send = (delivery: WebhookDelivery) =>
    redeliver.mutate(
      { webhookId, deliveryId: delivery.id },
      {
        onSuccess: () => toast({ title: `${DOMAIN_EVENT_LABELS[delivery.eventType]}: sent again`, variant: 'success' }),
        onError: (error) =>
          toast({ title: error instanceof ApiError ? error.message : 'The delivery could not be sent again.', variant: 'destructive' }),
      },
    );

  if (deliveries.isPending) return <Spinner label="Loading the delivery log" />;
  if (deliveries.isError) {
    return <LoadFailed title="The delivery log could not be loaded" onRetry={() => void deliveries.refetch()} />;
  }
  if (rows.length === 0) {
    return <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">Nothing has been sent yet.</p>;
  }
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <Button type="button" size="sm" variant="ghost" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
          {deliveries.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      <ul className="grid gap-2" aria-label={`Deliveries to ${name}`}>
        {rows.map((delivery) => (
          <li key={delivery.id} className="grid gap-2 rounded-md border border-border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{DOMAIN_EVENT_LABELS[delivery.eventType]}</span>
                <Badge tone={STATUS_TONES[delivery.status]}>{DELIVERY_STATUS_LABELS[delivery.status]}</Badge>
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                <div className="flex gap-1">
                  <dt>Time</dt>
                  <dd>{formatUtcDayTime(new Date(delivery.createdAt))} UTC</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Response</dt>
                  <dd>{delivery.responseStatus ?? 'none'}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Attempts</dt>
                  <dd>{delivery.attempts}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Delivery</dt>
                  <dd className="font-mono break-all">{delivery.id}</dd>
                </div>
                {delivery.lastError ? (
                  <div className="flex gap-1">
                    <dt>Error</dt>
                    <dd className="break-all">{delivery.lastError}</dd>
                  </div>
                ) : null}
              </dl>
            </div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="justify-self-start"
              disabled={redeliver.isPending && redeliver.variables?.deliveryId === delivery.id}
              onClick={() => send(delivery)}
              aria-label={`Redeliver ${DOMAIN_EVENT_LABELS[delivery.eventType]} of ${formatUtcDayTime(new Date(delivery.createdAt))}`}
            >
              Redeliver
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
