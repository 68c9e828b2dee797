import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { type RefObject, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type PublicTrustDocument,
  type TrustAccessForm,
  type TrustAccessReceipt,
  trustAccessFormSchema,
} from '../../../../shared/schemas/trust-center.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryProvider } from '../../../lib/query-provider.tsx';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useRequestTrustAccess } from '../api/public-trust-center.ts';

const FIELDS = ['name', 'email', 'company', 'ndaAccepted'] as const;

/** What happened to the request: the link is in the inbox, or the organization decides first. */
function Receipt({ receipt, accessDays, organizationName }: { receipt: TrustAccessReceipt; accessDays: number; organizationName: string }) {
  return (
    <Alert role="status">
      <AlertTitle className="flex items-center gap-2">
        <CheckCircle2 className="size-4" aria-hidden />
        {receipt.autoApproved ? 'Access granted: check your inbox' : 'Request sent'}
      </AlertTitle>
      <p className="mt-1 text-sm">
        {receipt.autoApproved
          ? `We e-mailed you a download link for this document. It works for ${accessDays} day${accessDays === 1 ? '' : 's'}.`
          : `${organizationName} reviews your request. If they approve it, you get a download link by e-mail.`}
      </p>
    </Alert>
  );
}

function AccessForm({
  slug,
  document,
  ndaText,
  onDone,
}: {
  slug: string;
  document: PublicTrustDocument;
  ndaText: string;
  onDone: (receipt: TrustAccessReceipt) => void;
}) {
  const id = useId();
  const request = useRequestTrustAccess(slug);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TrustAccessForm>({
    resolver: zodResolver(trustAccessFormSchema),
    defaultValues: { documentId: document.id, name: '', email: '', company: '', ndaAccepted: false },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onDone(await request.mutateAsync(values));
    } catch (error) {
      setFormError(setServerFormErrors(form, error, FIELDS, 'The request was not sent. Try again.'));
    }
  });
  return (
    <form noValidate aria-label={`Request access to ${document.title}`} className="grid gap-4" onSubmit={(event) => void submit(event)}>
      <FormField id={`${id}-name`} label="Your name" error={errors.name?.message} required>
        <Input
          autoComplete="name"
          aria-required
          {...fieldControlProps(`${id}-name`, { error: errors.name?.message })}
          {...form.register('name')}
        />
      </FormField>
      <FormField
        id={`${id}-email`}
        label="Work e-mail"
        error={errors.email?.message}
        required
        description="The download link is sent here."
      >
        <Input
          type="email"
          autoComplete="email"
          aria-required
          {...fieldControlProps(`${id}-email`, { error: errors.email?.message, description: 'The download link is sent here.' })}
          {...form.register('email')}
        />
      </FormField>
      <FormField id={`${id}-company`} label="Company" error={errors.company?.message} required>
        <Input
          autoComplete="organization"
          aria-required
          {...fieldControlProps(`${id}-company`, { error: errors.company?.message })}
          {...form.register('company')}
        />
      </FormField>
      <div className="grid gap-2">
        <p id={`${id}-nda-title`} className="text-sm font-medium">
          Non-disclosure agreement
        </p>
        <div
          className="max-h-32 overflow-y-auto rounded-md border border-border bg-muted/40 p-3 text-sm whitespace-pre-wrap"
          tabIndex={0}
          aria-labelledby={`${id}-nda-title`}
        >
          {ndaText}
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-[var(--color-primary)]"
            aria-invalid={errors.ndaAccepted ? true : undefined}
            aria-describedby={errors.ndaAccepted ? `${id}-nda-error` : undefined}
            {...form.register('ndaAccepted')}
          />
          I accept the non-disclosure agreement
        </label>
        {errors.ndaAccepted ? (
          <p id={`${id}-nda-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
            {errors.ndaAccepted.message}
          </p>
        ) : null}
      </div>
      <FormError message={formError} />
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Request access'}
      </Button>
    </form>
  );
}

/**
 * The access request for a restricted document: a dialog (focus trapped, Escape closes) with the form and
 * its NDA. Mounted, and its code loaded, when its button is first pressed (trust-access-button.tsx); closing
 * it unmounts it and gives focus back to that button. It brings the query client with it: on the page
 * rendered by the server, the trust page's own client mounts it with nothing above (trust-page-client.tsx).
 */
export function TrustAccessDialog({
  slug,
  document,
  ndaText,
  accessDays,
  organizationName,
  onClose,
  returnFocusTo,
}: {
  slug: string;
  document: PublicTrustDocument;
  ndaText: string;
  accessDays: number;
  organizationName: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const [receipt, setReceipt] = useState<TrustAccessReceipt | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        className="max-w-lg"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Request access to {document.title}</DialogTitle>
          <DialogDescription>
            {organizationName} shares this document under a non-disclosure agreement. Access lasts {accessDays} day
            {accessDays === 1 ? '' : 's'}.
          </DialogDescription>
        </DialogHeader>
        {receipt ? (
          <Receipt receipt={receipt} accessDays={accessDays} organizationName={organizationName} />
        ) : (
          <QueryProvider>
            <AccessForm slug={slug} document={document} ndaText={ndaText} onDone={setReceipt} />
          </QueryProvider>
        )}
      </DialogContent>
    </Dialog>
  );
}
