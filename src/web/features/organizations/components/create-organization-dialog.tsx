import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { COMPANY_SIZES } from '../../../../shared/schemas/billing.ts';
import {
  type CreateOrganizationFormValues,
  type CreateOrganizationInput,
  createOrganizationInputSchema,
  type Organization,
} from '../../../../shared/schemas/organizations.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useCreateOrganization } from '../api/manage-organizations.ts';

const FIELDS = ['name', 'website', 'size', 'country'] as const;

/** A new client organization: its name, and optionally its website, size and country. */
export function CreateOrganizationDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (organization: Organization) => void }) {
  const ids = { name: useId(), website: useId(), size: useId(), country: useId() };
  const create = useCreateOrganization();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateOrganizationFormValues, unknown, CreateOrganizationInput>({
    resolver: zodResolver(createOrganizationInputSchema),
    defaultValues: { name: '', website: '', size: '', country: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const organization = await create.mutateAsync(values);
      onCreated(organization);
    } catch (error) {
      setServerFormErrors(form, error, FIELDS, '');
      setFailure(error instanceof ApiError ? error.message : 'Could not create the organization. Try again.');
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>New organization</DialogTitle>
          <DialogDescription>A client company. Assign the staff who serve it once it exists.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <FormError message={failure} />
          <FormField id={ids.name} label="Name" required error={errors.name?.message}>
            <Input
              {...fieldControlProps(ids.name, { error: errors.name?.message })}
              autoComplete="organization"
              {...form.register('name')}
            />
          </FormField>
          <FormField id={ids.website} label="Website" error={errors.website?.message}>
            <Input
              {...fieldControlProps(ids.website, { error: errors.website?.message })}
              type="url"
              placeholder="https://example.com"
              {...form.register('website')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={ids.size} label="Company size" error={errors.size?.message}>
              <NativeSelect {...fieldControlProps(ids.size, { error: errors.size?.message })} {...form.register('size')}>
                <option value="">Not given</option>
                {COMPANY_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size} employees
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={ids.country} label="Country" error={errors.country?.message}>
              <Input
                {...fieldControlProps(ids.country, { error: errors.country?.message })}
                autoComplete="country-name"
                {...form.register('country')}
              />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Creating…' : 'Create Organization'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
