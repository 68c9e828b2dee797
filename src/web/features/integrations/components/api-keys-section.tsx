import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey } from '../../../../shared/schemas/integrations.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUtcDay, formatUtcDayTime } from '../../../lib/utc-dates.ts';
import { useApiKeys, useRevokeApiKey } from '../api/integrations-api.ts';
import { apiKeyStatus, describeScopes } from '../integration-labels.ts';
import { CodeBlock } from './code-block.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';

const STATUS_TONES = { active: 'green', expired: 'yellow', revoked: 'neutral' } as const;
const STATUS_LABELS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

function origin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** API keys: the list, Create (the key shown once), Revoke behind a confirmation, and how to call the API with one. */
export function ApiKeysSection({ organizationId }: { organizationId: string | undefined }) {
  const keys = useApiKeys(organizationId);
  const [isCreating, setCreating] = useState(false);
  const rows = keys.data?.keys ?? [];

  return (
    <section aria-labelledby="api-keys-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="api-keys-heading" className="text-lg font-semibold">
            API keys
          </h3>
          <p className="text-sm text-muted-foreground">For scripts and CI pipelines that read your work or upload evidence.</p>
        </div>
        <Button type="button" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Create API key
        </Button>
      </div>
      {keys.isPending ? (
        <Spinner label="Loading the API keys" />
      ) : keys.isError ? (
        <Alert role="alert" variant="destructive">
          <AlertTitle>The API keys could not be loaded</AlertTitle>
          <p className="mt-1">{keys.error instanceof ApiError ? keys.error.message : 'Try again in a moment.'}</p>
          <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void keys.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-6 text-center">
          <KeyRound className="mx-auto size-7 text-muted-foreground" aria-hidden />
          <p className="mt-2 font-semibold">No API keys yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            Create one for each tool that calls the API, with only the access it needs, so you can revoke it alone.
          </p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="API keys">
          {rows.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} />
          ))}
        </ul>
      )}
      <HowToUse />
      {isCreating ? <CreateApiKeyDialog organizationId={organizationId} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const status = apiKeyStatus(apiKey);
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="min-w-0 break-words font-medium">
          {apiKey.name} <span className="font-mono text-xs text-muted-foreground">{apiKey.prefix}…</span>
        </span>
        <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>
      </div>
      <p className="text-sm">{describeScopes(apiKey.scopes)}</p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>Created</dt>
          <dd>{formatUtcDay(new Date(apiKey.createdAt))}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Expires</dt>
          <dd>{apiKey.expiresAt ? formatUtcDay(new Date(apiKey.expiresAt)) : 'never'}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Last used</dt>
          <dd>{apiKey.lastUsedAt ? `${formatUtcDayTime(new Date(apiKey.lastUsedAt))} UTC` : 'never'}</dd>
        </div>
        {apiKey.revokedAt ? (
          <div className="flex gap-1">
            <dt>Revoked</dt>
            <dd>{formatUtcDay(new Date(apiKey.revokedAt))}</dd>
          </div>
        ) : null}
      </dl>
      {status === 'revoked' ? null : (
        <ConfirmDialog
          trigger={
            <Button type="button" size="sm" variant="outline" className="justify-self-start" aria-label={`Revoke ${apiKey.name}`}>
              Revoke
            </Button>
          }
          title={`Revoke “${apiKey.name}”?`}
          description="Every request made with this key will be refused from now on. This cannot be undone: a tool that still needs access gets a new key."
          confirmLabel="Revoke key"
          onConfirm={async () => {
            try {
              await revoke.mutateAsync(apiKey.id);
              return null;
            } catch (error) {
              return error instanceof ApiError ? error.message : 'The key could not be revoked. Try again.';
            }
          }}
        />
      )}
    </li>
  );
}

function HowToUse() {
  const base = origin();
  return (
    <details className="rounded-lg border border-border bg-card p-4 text-sm">
      <summary className="cursor-pointer font-medium">How to use an API key</summary>
      <div className="mt-3 grid gap-3">
        <p>
          Send the key in the <code className="font-mono">X-API-Key</code> header (or as{' '}
          <code className="font-mono">Authorization: Bearer</code>) on any <code className="font-mono">/api/v1</code> operation. A revoked
          or expired key is answered with 401; an area the key does not reach with 403.
        </p>
        <CodeBlock label="List task requests">{`curl -H "X-API-Key: $COMPLIANCECORE_API_KEY" \\\n  ${base}/api/v1/task-requests`}</CodeBlock>
        <CodeBlock label="Upload evidence for a control (evidence: read and write)">
          {`curl -H "X-API-Key: $COMPLIANCECORE_API_KEY" \\\n  -F 'fields={"title":"Nightly backup report","controlIds":["OPS-01"]}' \\\n  -F file=@backup-report.pdf \\\n  ${base}/api/v1/evidence`}
        </CodeBlock>
        <p>
          Every operation, with its fields and answers, is in the{' '}
          <a href="/api/reference/" className="font-medium text-primary underline underline-offset-2">
            API reference
          </a>
          .
        </p>
      </div>
    </details>
  );
}
