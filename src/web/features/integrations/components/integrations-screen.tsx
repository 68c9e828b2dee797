import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiKeysSection } from './api-keys-section.tsx';
import { ConnectAssistantPanel } from './connect-assistant-panel.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

/**
 * The dashboard's Integrations tab (docs/integrations.md "Screens"). An integration admin manages the
 * organization's API keys and webhooks; anyone else is told who does (the lists are not fetched for
 * them: the API would refuse, and each refusal is a security event).
 */
export function IntegrationsScreen({
  canManage,
  organizationId,
  picker,
  children,
}: {
  canManage: boolean;
  /** undefined: the client's own organization; null: staff have not chosen one yet. */
  organizationId: string | null | undefined;
  picker?: ReactNode;
  /** More sections for the chosen organization, composed by the route (single sign-on). */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="integrations-heading" className="space-y-6">
      <div>
        <h2 id="integrations-heading" className="text-xl font-semibold">
          Integrations
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          API keys for your scripts and CI pipelines, and webhooks that tell your tools, Slack or Teams what happens here.
        </p>
      </div>
      {!canManage ? (
        <NotAnIntegrationAdmin />
      ) : (
        <>
          {picker}
          {organizationId === null ? (
            <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
              Choose the client organization whose integrations you manage.
            </p>
          ) : (
            <>
              <ApiKeysSection organizationId={organizationId} />
              <ConnectAssistantPanel />
              <WebhooksSection organizationId={organizationId} />
              {children}
            </>
          )}
        </>
      )}
    </section>
  );
}

function NotAnIntegrationAdmin() {
  return (
    <div className="rounded-lg border border-dashed border-border p-8 text-center">
      <Lock className="mx-auto size-8 text-muted-foreground" aria-hidden />
      <h3 className="mt-3 font-semibold">Integrations are managed by your integration admin</h3>
      <p className="mx-auto mt-1 max-w-lg text-sm text-muted-foreground">
        Your organization’s administrator (client manager), or our staff with integration rights, create API keys and webhooks. Ask them for
        a key with the access your tool needs. What a key can call is in the{' '}
        <a href="/api/reference/" className="font-medium text-primary underline underline-offset-2">
          API reference
        </a>
        .
      </p>
    </div>
  );
}
