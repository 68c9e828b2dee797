import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { SsoSettings } from '../../../../shared/schemas/sso.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSsoSettings, useUpdateSsoSettings } from '../api/sso-api.ts';

/**
 * SAML single sign-on for the organization (docs/auth.md "SAML SSO"): what to give the identity
 * provider about us, and the form for its metadata (URL or XML), the e-mail domains, on/off and
 * "required". Shown to the organization's administrators on the Integrations tab.
 */
export function SsoSection({ organizationId }: { organizationId: string | undefined }) {
  const settings = useSsoSettings(organizationId);
  return (
    <section aria-labelledby="sso-heading" className="grid gap-4">
      <div>
        <h3 id="sso-heading" className="text-lg font-semibold">
          Single sign-on (SAML)
        </h3>
        <p className="text-sm text-muted-foreground">
          Your people sign in through your identity provider (Okta, Microsoft Entra, Google Workspace…) with their work address.
        </p>
      </div>
      {settings.isPending ? (
        <Spinner label="Loading the single sign-on settings" />
      ) : settings.isError ? (
        <Alert role="alert" variant="destructive">
          <AlertTitle>The single sign-on settings could not be loaded</AlertTitle>
          <p className="mt-1">{settings.error instanceof ApiError ? settings.error.message : 'Try again in a moment.'}</p>
          <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <ServiceProviderDetails settings={settings.data} />
          <SsoForm key={settings.data.identityProvider?.updatedAt ?? 'new'} settings={settings.data} organizationId={organizationId} />
        </>
      )}
    </section>
  );
}

function ServiceProviderDetails({ settings }: { settings: SsoSettings }) {
  const rows: [string, string][] = [
    ['Entity ID (audience)', settings.serviceProvider.entityId],
    ['ACS URL (single sign-on URL)', settings.serviceProvider.acsUrl],
    ['Our metadata', settings.serviceProvider.metadataUrl],
  ];
  return (
    <div className="rounded-lg border border-border p-4">
      <p className="text-sm font-medium">Give your identity provider these details</p>
      <dl className="mt-2 grid gap-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-0.5 sm:grid-cols-[14rem_1fr]">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="break-all font-mono text-xs">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">Send the e-mail address as the NameID or as an “email” attribute.</p>
    </div>
  );
}

function SsoForm({ settings, organizationId }: { settings: SsoSettings; organizationId: string | undefined }) {
  const current = settings.identityProvider;
  const update = useUpdateSsoSettings();
  const [source, setSource] = useState<'url' | 'xml'>(current && !current.metadataUrl ? 'xml' : 'url');
  const [enabled, setEnabled] = useState(current?.enabled ?? true);
  const [required, setRequired] = useState(current?.required ?? false);
  const [allowIdpInitiated, setAllowIdpInitiated] = useState(current?.allowIdpInitiated ?? false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const domains = text('domains')
      .split(/[\s,]+/)
      .filter(Boolean);
    setError(null);
    setFieldErrors({});
    try {
      await update.mutateAsync({
        organizationId,
        domains,
        enabled,
        required,
        allowIdpInitiated,
        ...(source === 'url' ? { metadataUrl: text('metadataUrl') } : { metadataXml: text('metadataXml') }),
      });
      toast({ title: 'Single sign-on saved' });
    } catch (thrown) {
      if (!(thrown instanceof ApiError)) throw thrown;
      setError(thrown.message);
      setFieldErrors(Object.fromEntries(thrown.issues.map((issue) => [issue.path.replace(/^body\./, ''), issue.message])));
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-lg border border-border p-4"
      aria-label="Single sign-on settings"
    >
      <div className="flex flex-wrap items-center gap-2">
        <KeyRound className="size-5 text-muted-foreground" aria-hidden />
        {current ? (
          <>
            <span className="text-sm font-medium break-all">{current.entityId}</span>
            <Badge tone={current.enabled ? 'green' : 'neutral'}>{current.enabled ? 'On' : 'Off'}</Badge>
            {current.required ? <Badge tone="info">Required</Badge> : null}
          </>
        ) : (
          <span className="text-sm text-muted-foreground">No identity provider registered yet.</span>
        )}
      </div>
      <FormError message={error} />
      <MetadataSourceFields source={source} onSource={setSource} metadataUrl={current?.metadataUrl ?? ''} errors={fieldErrors} />
      <FormField
        id="sso-domains"
        label="E-mail domains"
        description="Addresses at these domains sign in through your identity provider. Separate them with commas."
        error={fieldErrors.domains}
      >
        <Input
          name="domains"
          defaultValue={current?.domains.join(', ') ?? ''}
          placeholder="example.com"
          required
          {...fieldControlProps('sso-domains', { error: fieldErrors.domains, description: true })}
        />
      </FormField>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor="sso-enabled" className="text-sm font-medium">
          Single sign-on is on
        </label>
        <Switch id="sso-enabled" checked={enabled} onCheckedChange={setEnabled} />
      </div>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor="sso-required" className="text-sm">
          <span className="font-medium">Require single sign-on</span>
          <span className="block text-muted-foreground">Passwords and e-mail sign-in links stop working for these domains.</span>
        </label>
        <Switch id="sso-required" checked={required} onCheckedChange={setRequired} disabled={!enabled} />
      </div>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor="sso-idp-initiated" className="text-sm">
          <span className="font-medium">Accept sign-ins started at the identity provider</span>
          <span className="block text-muted-foreground">
            People can open ComplianceCore from their identity provider’s app launcher (IdP-initiated). Each response is still checked in
            full; leave this off unless your people sign in that way.
          </span>
        </label>
        <Switch id="sso-idp-initiated" checked={allowIdpInitiated} onCheckedChange={setAllowIdpInitiated} disabled={!enabled} />
      </div>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save single sign-on'}
        </Button>
      </div>
    </form>
  );
}

/** The identity provider's metadata: where it is published (most providers) or the document itself. */
function MetadataSourceFields({
  source,
  onSource,
  metadataUrl,
  errors,
}: {
  source: 'url' | 'xml';
  onSource: (source: 'url' | 'xml') => void;
  metadataUrl: string;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Identity provider metadata</legend>
      <div className="flex gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name="source" checked={source === 'url'} onChange={() => onSource('url')} /> From a URL
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="source" checked={source === 'xml'} onChange={() => onSource('xml')} /> Paste the XML
        </label>
      </div>
      {source === 'url' ? (
        <FormField id="sso-metadata-url" label="Metadata URL" error={errors.metadataUrl}>
          <Input
            type="url"
            name="metadataUrl"
            defaultValue={metadataUrl}
            placeholder="https://example.okta.com/app/…/sso/saml/metadata"
            required
            {...fieldControlProps('sso-metadata-url', { error: errors.metadataUrl })}
          />
        </FormField>
      ) : (
        <FormField id="sso-metadata-xml" label="Metadata XML" error={errors.metadataXml}>
          <Textarea name="metadataXml" rows={6} required {...fieldControlProps('sso-metadata-xml', { error: errors.metadataXml })} />
        </FormField>
      )}
    </fieldset>
  );
}
