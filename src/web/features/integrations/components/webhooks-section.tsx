import { Plus, Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { DOMAIN_EVENT_LABELS } from '../../../../shared/schemas/domain-events.ts';
import { WEBHOOK_DISABLE_AFTER, WEBHOOK_KIND_LABELS, type Webhook } from '../../../../shared/schemas/integrations.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DisclosureButton } from '../../../components/ui/disclosure-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUtcDayTime } from '../../../lib/utc-dates.ts';
import { useUpdateWebhook, useWebhooks } from '../api/integrations-api.ts';
import { CodeBlock } from './code-block.tsx';
import { CreateWebhookDialog } from './create-webhook-dialog.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

/** Outgoing webhooks (signed JSON, Slack, Teams): the list, Add, on/off, the delivery log, and how a receiver verifies. */
export function WebhooksSection({ organizationId }: { organizationId: string | undefined }) {
  const webhooks = useWebhooks(organizationId);
  const [isCreating, setCreating] = useState(false);
  const rows = webhooks.data?.webhooks ?? [];

  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="webhooks-heading" className="text-lg font-semibold">
            Outgoing webhooks
          </h3>
          <p className="text-sm text-muted-foreground">Tell your systems, Slack or Microsoft Teams when something happens here.</p>
        </div>
        <Button type="button" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Add webhook
        </Button>
      </div>
      {webhooks.isPending ? (
        <Spinner label="Loading the webhooks" />
      ) : webhooks.isError ? (
        <Alert role="alert" variant="destructive">
          <AlertTitle>The webhooks could not be loaded</AlertTitle>
          <p className="mt-1">{webhooks.error instanceof ApiError ? webhooks.error.message : 'Try again in a moment.'}</p>
          <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void webhooks.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-6 text-center">
          <WebhookIcon className="mx-auto size-7 text-muted-foreground" aria-hidden />
          <p className="mt-2 font-semibold">No webhooks yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            Add one to hear about task request changes, published deliverables, expiring evidence, flagged audit requests and finished
            workflow runs.
          </p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Webhooks">
          {rows.map((webhook) => (
            <WebhookRow key={webhook.id} webhook={webhook} />
          ))}
        </ul>
      )}
      <VerifySignature />
      {isCreating ? <CreateWebhookDialog organizationId={organizationId} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const id = useId();
  const update = useUpdateWebhook();
  const [isOpen, setOpen] = useState(false);
  const name = webhook.description || webhook.url;
  const turnedOffByFailures = !webhook.enabled && webhook.consecutiveFailures >= WEBHOOK_DISABLE_AFTER;

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { webhookId: webhook.id, enabled },
      {
        onSuccess: () => toast({ title: enabled ? 'Webhook turned on' : 'Webhook turned off', variant: 'success' }),
        onError: (error) =>
          toast({
            title: error instanceof ApiError ? error.message : 'The webhook could not be changed. Try again.',
            variant: 'destructive',
          }),
      },
    );

  return (
    <li className="grid gap-3 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <span className="font-medium break-words">{webhook.description || WEBHOOK_KIND_LABELS[webhook.kind]}</span>
          <span className="font-mono text-xs break-all text-muted-foreground">{webhook.url}</span>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={webhook.enabled ? 'green' : 'neutral'}>{webhook.enabled ? 'On' : 'Off'}</Badge>
          <Switch
            id={`${id}-enabled`}
            checked={webhook.enabled}
            disabled={update.isPending}
            onCheckedChange={setEnabled}
            aria-label={`${webhook.enabled ? 'Turn off' : 'Turn on'} ${name}`}
          />
        </div>
      </div>
      {turnedOffByFailures ? (
        <Alert variant="warning">
          <AlertTitle>Turned off after {webhook.consecutiveFailures} failed deliveries in a row</AlertTitle>
          <p className="mt-1">
            The receiver did not accept {webhook.consecutiveFailures} deliveries, each after its retries
            {webhook.disabledAt ? ` (turned off ${formatUtcDayTime(new Date(webhook.disabledAt))} UTC)` : ''}. Fix the receiver, turn the
            webhook on again, and redeliver what it missed from the log.
          </p>
        </Alert>
      ) : null}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>Kind</dt>
          <dd>{WEBHOOK_KIND_LABELS[webhook.kind]}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Events</dt>
          <dd>{webhook.events.map((event) => DOMAIN_EVENT_LABELS[event]).join(', ')}</dd>
        </div>
        {webhook.consecutiveFailures > 0 && !turnedOffByFailures ? (
          <div className="flex gap-1">
            <dt>Failures in a row</dt>
            <dd>
              {webhook.consecutiveFailures} of {WEBHOOK_DISABLE_AFTER}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="flex items-center gap-2">
        <DisclosureButton isOpen={isOpen} name={`delivery log of ${name}`} controls={`${id}-log`} onToggle={() => setOpen(!isOpen)} />
        <span className="text-sm text-muted-foreground">Delivery log</span>
      </div>
      <div id={`${id}-log`} hidden={!isOpen}>
        {isOpen ? <WebhookDeliveries webhookId={webhook.id} name={name} /> : null}
      </div>
    </li>
  );
}

function VerifySignature() {
  return (
    <details className="rounded-lg border border-border bg-card p-4 text-sm">
      <summary className="cursor-pointer font-medium">How to verify a delivery’s signature</summary>
      <div className="mt-3 grid gap-3">
        <p>
          Each signed delivery carries <code className="font-mono">ComplianceCore-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>,
          where <code className="font-mono">v1</code> is the HMAC-SHA256 of <code className="font-mono">t</code>, a dot, and the raw request
          body, keyed with the webhook’s signing secret. Refuse a timestamp more than five minutes old (a replay), compare in constant time,
          and answer 2xx quickly: anything else is retried with backoff.
        </p>
        <CodeBlock label="Node.js">
          {`const [t, v1] = header.split(',').map((part) => part.split('=')[1]);\nconst expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');\nconst fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;\nconst ok = fresh && crypto.timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'));`}
        </CodeBlock>
        <p>
          <code className="font-mono">ComplianceCore-Event</code> names the event and{' '}
          <code className="font-mono">ComplianceCore-Delivery</code> the delivery (the same id on every retry and redelivery, so a receiver
          can ignore one it has already handled).
        </p>
      </div>
    </details>
  );
}
