import { Check, Copy, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import type { ScimSettings } from '../../../../shared/schemas/scim.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUtcDay, formatUtcDayTime } from '../../../lib/utc-dates.ts';
import { useRevokeScimToken, useRotateScimToken, useScimSettings } from '../api/scim-api.ts';
import { SecretShownOnce } from './secret-shown-once.tsx';

const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * SCIM provisioning (docs/scim.md "The workspace side"): the base URL to paste into Okta or Microsoft Entra,
 * and the organization's one bearer token — whether it exists (made when, by whom, last used), made or
 * rotated (shown once), revoked. Rotating and revoking are confirmed first: the old token stops at once.
 * Shown to integration admins only (the Integrations screen shows nobody else its sections; the API refuses them).
 */
export function ScimSection({ organizationId }: { organizationId: string | undefined }) {
  const settings = useScimSettings(organizationId);
  return (
    <section aria-labelledby="scim-heading" className="grid gap-4">
      <div>
        <h3 id="scim-heading" className="text-lg font-semibold">
          User provisioning (SCIM)
        </h3>
        <p className="text-sm text-muted-foreground">
          Your identity provider keeps the people roster and its groups current: joiners, changes and leavers arrive on their own.
        </p>
      </div>
      {settings.isPending ? (
        <Spinner label="Loading the SCIM settings" />
      ) : settings.isError ? (
        <Alert role="alert" variant="destructive">
          <AlertTitle>The SCIM settings could not be loaded</AlertTitle>
          <p className="mt-1">{failure(settings.error, 'Try again in a moment.')}</p>
          <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <CopyField label="SCIM base URL" value={settings.data.baseUrl} />
          <p className="text-xs text-muted-foreground">
            In Okta: the app’s Provisioning › Integration, “SCIM connector base URL”, authentication “HTTP Header”. In Microsoft Entra:
            Enterprise application › Provisioning, “Tenant URL” and “Secret token”.
          </p>
          <TokenPanel organizationId={organizationId} settings={settings.data} />
        </>
      )}
    </section>
  );
}

function TokenPanel({ organizationId, settings }: { organizationId: string | undefined; settings: ScimSettings }) {
  const rotate = useRotateScimToken(organizationId);
  const revoke = useRevokeScimToken(organizationId);
  const [secret, setSecret] = useState<string | null>(null);
  const { token } = settings;
  const makeToken = async (): Promise<string | null> => {
    try {
      setSecret((await rotate.mutateAsync()).secret);
      return null;
    } catch (error) {
      return failure(error, 'The token could not be made. Try again.');
    }
  };

  return (
    <div className="grid gap-3 rounded-lg border border-border bg-card p-4">
      {token === null ? (
        <div className="text-center">
          <KeyRound className="mx-auto size-7 text-muted-foreground" aria-hidden />
          <p className="mt-2 font-semibold">No SCIM token yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            Create one and paste it into your identity provider with the base URL above. Until then, SCIM requests are refused.
          </p>
          <Button type="button" className="mt-3" disabled={rotate.isPending} onClick={() => void makeToken()}>
            {rotate.isPending ? 'Creating…' : 'Create SCIM token'}
          </Button>
          <FormError message={rotate.isError ? failure(rotate.error, 'The token could not be made. Try again.') : null} />
        </div>
      ) : (
        <>
          <p className="font-medium">
            SCIM token <span className="font-mono text-xs text-muted-foreground">{token.prefix}…</span>
          </p>
          <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            <dt className="text-muted-foreground">Created</dt>
            <dd>
              {formatUtcDay(new Date(token.createdAt))}
              {token.createdByName ? ` by ${token.createdByName}` : ''}
            </dd>
            <dt className="text-muted-foreground">Last used</dt>
            <dd>{token.lastUsedAt ? `${formatUtcDayTime(new Date(token.lastUsedAt))} UTC` : 'never'}</dd>
            <dt className="text-muted-foreground">Provisioned</dt>
            <dd>
              {settings.provisionedUsers} {settings.provisionedUsers === 1 ? 'person' : 'people'}, {settings.provisionedGroups}{' '}
              {settings.provisionedGroups === 1 ? 'group' : 'groups'}
            </dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={
                <Button type="button" variant="outline" size="sm">
                  Rotate token
                </Button>
              }
              title="Replace the SCIM token?"
              description="A new token is made and the current one stops working at once: provisioning fails until you paste the new token into your identity provider."
              confirmLabel="Replace token"
              onConfirm={makeToken}
            />
            <ConfirmDialog
              trigger={
                <Button type="button" variant="outline" size="sm">
                  Revoke token
                </Button>
              }
              title="Revoke the SCIM token?"
              description="Your identity provider can no longer change the roster: its requests are refused until you create a new token. People and groups provisioned so far stay."
              confirmLabel="Revoke token"
              onConfirm={async () => {
                try {
                  await revoke.mutateAsync();
                  return null;
                } catch (error) {
                  return failure(error, 'The token could not be revoked. Try again.');
                }
              }}
            />
          </div>
        </>
      )}
      <Dialog open={secret !== null} onOpenChange={(isOpen) => (isOpen ? null : setSecret(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Your SCIM token</DialogTitle>
            <DialogDescription>Paste it into your identity provider as the bearer token (“Secret token” in Entra).</DialogDescription>
          </DialogHeader>
          <SecretShownOnce
            label="SCIM token"
            secret={secret ?? ''}
            warning="This is the only time the token is shown: we keep only a hash of it. If you lose it, rotate it and paste the new one."
            onDone={() => setSecret(null)}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** A value to paste elsewhere: read-only, selected on focus, with a Copy button. */
function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-md border border-border bg-muted px-3 font-mono text-sm"
        />
        <Button
          type="button"
          variant="outline"
          aria-label={`Copy the ${label}`}
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
