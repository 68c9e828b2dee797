import { useId, useState } from 'react';
import { AUDIT_TYPES, AUDIT_TYPE_LABELS, CATALOGUE_FRAMEWORK_IDS } from '../../../../shared/schemas/programme-statuses.ts';
import { type CreateEngagementInput, createEngagementInputSchema } from '../../../../shared/schemas/engagements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateEngagement, useEngagementOrganizations } from '../api/engagements-api.ts';

type Errors = Record<string, string | undefined>;
const FRAMEWORK_NAMES: Record<(typeof CATALOGUE_FRAMEWORK_IDS)[number], string> = {
  soc2: 'SOC 2',
  iso27001: 'ISO/IEC 27001',
  gdpr: 'GDPR',
  hipaa: 'HIPAA',
  pci: 'PCI DSS',
  'nist-csf': 'NIST CSF',
  iso42001: 'ISO/IEC 42001',
  ccpa: 'CCPA',
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Staff open an engagement: organization, framework, Type I/II, period, fieldwork, access end, auditors by e-mail. */
export function CreateEngagementDialog({ open, onClose }: { open: boolean; onClose: (engagementId?: string) => void }) {
  const id = useId();
  const organizations = useEngagementOrganizations(open);
  const create = useCreateEngagement();
  const [errors, setErrors] = useState<Errors>({});
  const [draft, setDraft] = useState({
    organizationId: '',
    name: '',
    frameworkId: 'soc2',
    auditType: 'type2',
    periodStart: day(-180),
    periodEnd: day(0),
    fieldworkStart: day(7),
    fieldworkEnd: day(30),
    accessEndsOn: day(60),
    auditorEmails: '',
  });
  const set = (field: keyof typeof draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });
  const field = (name: keyof typeof draft) => ({
    ...fieldControlProps(`${id}-${name}`, { error: errors[name] }),
    value: draft[name],
    onChange: set(name),
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const input = {
      ...draft,
      organizationId: draft.organizationId || organizations.data?.organizations[0]?.id || '',
      auditorEmails: draft.auditorEmails
        .split(/[\s,;]+/)
        .map((email) => email.trim())
        .filter(Boolean),
    };
    const parsed = createEngagementInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      const engagement = await create.mutateAsync(input as CreateEngagementInput);
      toast({ title: 'Engagement opened', description: `${engagement.requestCount} requests generated; the auditors are invited.` });
      onClose(engagement.id);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path.replace(/^body\./, '').split('.')[0] ?? '', issue.message])));
      }
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Open an audit engagement</DialogTitle>
          <DialogDescription>
            The request list is generated from the framework’s requirements in scope. Auditors get an invitation by e-mail.
          </DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2" noValidate>
          <FormField id={`${id}-organizationId`} label="Organization" error={errors.organizationId} required>
            <NativeSelect {...field('organizationId')}>
              {(organizations.data?.organizations ?? []).map((organization) => (
                <option key={organization.id} value={organization.id}>
                  {organization.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-name`} label="Name" error={errors.name} required>
            <Input {...field('name')} placeholder="SOC 2 Type II 2026" />
          </FormField>
          <FormField id={`${id}-frameworkId`} label="Framework" error={errors.frameworkId} required>
            <NativeSelect {...field('frameworkId')}>
              {CATALOGUE_FRAMEWORK_IDS.map((framework) => (
                <option key={framework} value={framework}>
                  {FRAMEWORK_NAMES[framework]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-auditType`} label="Type" error={errors.auditType} required>
            <NativeSelect {...field('auditType')}>
              {AUDIT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {AUDIT_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-periodStart`} label="Period starts" error={errors.periodStart} required>
            <Input type="date" {...field('periodStart')} />
          </FormField>
          <FormField id={`${id}-periodEnd`} label="Period ends" error={errors.periodEnd} required>
            <Input type="date" {...field('periodEnd')} />
          </FormField>
          <FormField id={`${id}-fieldworkStart`} label="Fieldwork starts" error={errors.fieldworkStart} required>
            <Input type="date" {...field('fieldworkStart')} />
          </FormField>
          <FormField id={`${id}-fieldworkEnd`} label="Fieldwork ends" error={errors.fieldworkEnd} required>
            <Input type="date" {...field('fieldworkEnd')} />
          </FormField>
          <FormField id={`${id}-accessEndsOn`} label="Auditor access ends" error={errors.accessEndsOn} required>
            <Input type="date" {...field('accessEndsOn')} />
          </FormField>
          <FormField
            id={`${id}-auditorEmails`}
            label="Auditors’ e-mail addresses"
            description="Separate several with commas."
            error={errors.auditorEmails}
            required
          >
            <Input {...field('auditorEmails')} type="text" inputMode="email" placeholder="auditor@firm.example" />
          </FormField>
        </form>
        {create.error && !(create.error instanceof ApiError && create.error.issues.length > 0) ? (
          <Alert variant="destructive" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onClose()}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={create.isPending}>
            {create.isPending ? 'Opening…' : 'Open engagement'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
