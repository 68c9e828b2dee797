import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { AUDIT_TYPES, AUDIT_TYPE_LABELS, CATALOGUE_FRAMEWORK_IDS } from '../../../../shared/schemas/programme-statuses.ts';
import { createEngagementInputSchema } from '../../../../shared/schemas/engagements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useMyOrganizations } from '../../auth/my-organizations.ts';
import { useCreateEngagement } from '../api/engagements-api.ts';

const FRAMEWORK_NAMES: Record<(typeof CATALOGUE_FRAMEWORK_IDS)[number], string> = {
  soc2: 'SOC 2',
  iso27001: 'ISO/IEC 27001',
  gdpr: 'GDPR',
  hipaa: 'HIPAA',
  pci: 'PCI DSS',
  'nist-csf': 'NIST CSF',
  iso42001: 'ISO/IEC 42001',
  ccpa: 'CCPA',
  iso27701: 'ISO/IEC 27701',
  nis2: 'NIS2',
  dora: 'DORA',
  'eu-ai-act': 'EU AI Act',
  'nist-800-53': 'NIST SP 800-53',
  cis: 'CIS Controls',
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const FIELDS = [
  'organizationId',
  'name',
  'frameworkId',
  'auditType',
  'periodStart',
  'periodEnd',
  'fieldworkStart',
  'fieldworkEnd',
  'accessEndsOn',
  'auditorEmails',
] as const;
type EngagementFields = Record<(typeof FIELDS)[number], string>;

/** The auditors' addresses are typed into one field, separated by commas, semicolons or spaces. */
const resolver = inputResolver(createEngagementInputSchema, (fields: EngagementFields) => ({
  ...fields,
  auditorEmails: fields.auditorEmails
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean),
}));

/** Staff open an engagement: organization, framework, Type I/II, period, fieldwork, access end, auditors by e-mail. */
// eslint-disable-next-line max-lines-per-function -- one dialog form over the engagement's fields (organization, framework, type, dates, auditors) read top to bottom
export function CreateEngagementDialog({ open, onClose }: { open: boolean; onClose: (engagementId?: string) => void }) {
  const id = useId();
  const organizations = useMyOrganizations({ enabled: open });
  const create = useCreateEngagement();
  const firstOrganizationId = organizations.data?.organizations[0]?.id;
  const form = useForm({
    resolver,
    defaultValues: {
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
    },
  });
  // The select shows the first organization until another is chosen, so that is the one sent.
  useEffect(() => {
    if (firstOrganizationId && !form.getValues('organizationId')) form.setValue('organizationId', firstOrganizationId);
  }, [firstOrganizationId, form]);
  const field = (name: keyof EngagementFields) => ({
    ...fieldControlProps(`${id}-${name}`, { error: form.formState.errors[name]?.message }),
    ...form.register(name),
  });
  const errors = Object.fromEntries(FIELDS.map((name) => [name, form.formState.errors[name]?.message])) as Partial<EngagementFields>;

  const submit = form.handleSubmit(async (input) => {
    try {
      const engagement = await create.mutateAsync(input);
      toast({ title: 'Engagement opened', description: `${engagement.requestCount} requests generated; the auditors are invited.` });
      onClose(engagement.id);
    } catch (error) {
      setServerFormErrors(form, error, FIELDS, error instanceof Error ? error.message : '');
    }
  });

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
