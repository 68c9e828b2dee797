import { PlugZap } from 'lucide-react';
import { useState } from 'react';
import {
  CONNECTION_SCHEDULE_LABELS,
  CONNECTION_STATUS_LABELS,
  type Connection,
  type Connector,
} from '../../../../shared/schemas/connectors.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DisclosureButton } from '../../../components/ui/disclosure-button.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUtcDayTime } from '../../../lib/utc-dates.ts';
import { useConnections, useConnectors, useDeleteConnection, useRunConnection, useTestConnection } from '../api/connectors-api.ts';
import { ConnectionRuns } from './connection-runs.tsx';
import { CreateConnectionDialog } from './create-connection-dialog.tsx';

const STATUS_TONES = { new: 'neutral', ok: 'green', credentials_failed: 'red', error: 'yellow' } as const;

/**
 * Integrations → Connections (docs/connectors.md "Screen"): the connectors to choose from, the
 * organization's connections with their state, and for each: test, run now, its runs, delete.
 * `canManage`: may connect and delete (a client manager, or staff who serve the organization).
 */
export function ConnectionsSection({ organizationId, canManage }: { organizationId: string | undefined; canManage: boolean }) {
  const connectors = useConnectors();
  const connections = useConnections(organizationId);
  const [connecting, setConnecting] = useState<Connector | null>(null);
  const byId = new Map((connectors.data?.connectors ?? []).map((connector) => [connector.id, connector]));

  return (
    <section aria-labelledby="connections-heading" className="grid gap-4">
      <div>
        <h3 id="connections-heading" className="text-lg font-semibold">
          Connections
        </h3>
        <p className="text-sm text-muted-foreground">
          Read-only connections to your cloud, identity and code hosting. Their checks run on a schedule, store what they read as evidence
          on your controls, and open a task when one fails.
        </p>
      </div>
      {connections.isPending ? (
        <Spinner label="Loading the connections" />
      ) : connections.isError ? (
        <LoadFailed title="The connections could not be loaded" onRetry={() => void connections.refetch()} />
      ) : connections.data.connections.length === 0 ? (
        <EmptyState icon={PlugZap} title="No connections yet">
          {canManage ? 'Connect a service below: its first run starts at once.' : 'Your client manager connects services here.'}
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Connections">
          {connections.data.connections.map((connection) => (
            <ConnectionRow key={connection.id} connection={connection} connector={byId.get(connection.connectorId)} canManage={canManage} />
          ))}
        </ul>
      )}
      {canManage ? (
        <div className="grid gap-2">
          <h4 className="font-medium">Connect a service</h4>
          {connectors.isPending ? (
            <Spinner label="Loading the connectors" />
          ) : connectors.isError ? (
            <LoadFailed title="The connectors could not be loaded" onRetry={() => void connectors.refetch()} />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Connectors">
              {connectors.data.connectors.map((connector) => (
                <li key={connector.id} className="grid content-between gap-2 rounded-lg border border-border bg-card p-4">
                  <div>
                    <p className="font-medium">{connector.name}</p>
                    <p className="text-sm text-muted-foreground">{connector.description}</p>
                    <p className="mt-1 text-xs text-muted-foreground">
                      {connector.checks.length} checks · controls{' '}
                      {[...new Set(connector.checks.flatMap((check) => check.controlIds))].length}
                    </p>
                  </div>
                  <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setConnecting(connector)}>
                    Connect {connector.name}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {connecting ? (
        <CreateConnectionDialog connector={connecting} organizationId={organizationId} onClose={() => setConnecting(null)} />
      ) : null}
    </section>
  );
}

const failureMessage = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

function ConnectionRow({
  connection,
  connector,
  canManage,
}: {
  connection: Connection;
  connector: Connector | undefined;
  canManage: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const test = useTestConnection();
  const run = useRunConnection();
  const checkTitle = (checkId: string) => connector?.checks.find((check) => check.id === checkId)?.title ?? checkId;

  const onTest = () =>
    test.mutate(connection.id, {
      onSuccess: (result) =>
        toast({
          title: result.ok ? `Connected: ${result.detail}` : `Not connected: ${result.detail}`,
          variant: result.ok ? 'success' : 'destructive',
        }),
      onError: (error) => toast({ title: failureMessage(error, 'The test could not run. Try again.'), variant: 'destructive' }),
    });
  const onRun = () =>
    run.mutate(connection.id, {
      onSuccess: () => {
        setOpen(true);
        toast({ title: 'Run queued: its checks appear below as they finish', variant: 'success' });
      },
      onError: (error) => toast({ title: failureMessage(error, 'The run could not be queued. Try again.'), variant: 'destructive' }),
    });

  return (
    <li className="grid gap-3 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <span className="font-medium break-words">{connection.name}</span>
          <span className="text-xs text-muted-foreground">
            {connector?.name ?? connection.connectorId} · {CONNECTION_SCHEDULE_LABELS[connection.schedule].toLowerCase()} · last run{' '}
            {connection.lastRunAt ? `${formatUtcDayTime(new Date(connection.lastRunAt))} UTC` : 'never'}
          </span>
        </div>
        <Badge tone={STATUS_TONES[connection.status]}>{CONNECTION_STATUS_LABELS[connection.status]}</Badge>
      </div>
      {connection.status === 'credentials_failed' ? (
        <Alert variant="destructive">
          <AlertTitle>The credentials stopped working</AlertTitle>
          <p className="mt-1">
            {connection.statusDetail} Its checks do not run until it is connected again with new read-only credentials.
          </p>
        </Alert>
      ) : connection.status === 'error' ? (
        <Alert variant="warning">
          <AlertTitle>The last run could not reach the provider</AlertTitle>
          <p className="mt-1">{connection.statusDetail}</p>
        </Alert>
      ) : null}
      {connection.failingChecks.length > 0 ? (
        <p className="text-sm text-red-700 dark:text-red-400">Failing: {connection.failingChecks.map(checkTitle).join('; ')}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onTest} disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Test'}
        </Button>
        <Button type="button" size="sm" onClick={onRun} disabled={run.isPending}>
          {run.isPending ? 'Queuing…' : 'Run now'}
        </Button>
        <DisclosureButton
          isOpen={isOpen}
          name={`${connection.name}’s runs`}
          onToggle={() => setOpen(!isOpen)}
          controls={`runs-${connection.id}`}
        />
        {canManage ? <DeleteConnection connection={connection} /> : null}
      </div>
      {isOpen ? (
        <div id={`runs-${connection.id}`}>
          <ConnectionRuns connectionId={connection.id} />
        </div>
      ) : null}
    </li>
  );
}

function DeleteConnection({ connection }: { connection: Connection }) {
  const remove = useDeleteConnection();
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="sm">
          Delete
        </Button>
      }
      title={`Delete ${connection.name}?`}
      description="Its sealed credentials are destroyed and its checks stop. The evidence it collected stays."
      confirmLabel="Delete connection"
      onConfirm={async () => {
        try {
          await remove.mutateAsync(connection.id);
          toast({ title: `${connection.name} deleted`, variant: 'success' });
          return null;
        } catch (error) {
          return failureMessage(error, 'The connection could not be deleted. Try again.');
        }
      }}
    />
  );
}
