import { useState } from 'react';
import { type UseFormRegister, useFieldArray, useForm } from 'react-hook-form';
import { CAPABILITIES, CAPABILITY_LABELS, ROLES, ROLE_LABELS, ROLE_RANK, type Role } from '../../../../shared/permissions.ts';
import { type AdminUser, updateUserAccessInputSchema } from '../../../../shared/schemas/access.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateUserAccess } from '../api/update-user-access.ts';
import { type AccessFormValues, emptyScope, toFormValues } from './access-form.ts';
import { ScopeRows } from './scope-rows.tsx';

function RoleOption({ role, isStaff, isEnabled, register }: { role: Role; isStaff: boolean; isEnabled: boolean; register: UseFormRegister<AccessFormValues> }) {
  return (
    <li className="rounded-lg border border-border p-3">
      <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" {...register(`roles.${role}.enabled`)} />
        {ROLE_LABELS[role]}
        <span className="ml-auto text-xs font-normal text-muted-foreground" aria-hidden>
          rank {ROLE_RANK[role]}
        </span>
      </label>
      {isEnabled && isStaff ? (
        <fieldset className="mt-3 flex flex-wrap gap-x-5 gap-y-2 border-t border-border pt-3 pl-7">
          <legend className="sr-only">Capabilities with the {ROLE_LABELS[role]} role</legend>
          {CAPABILITIES.map((flag) => (
            <label key={flag} className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" {...register(`roles.${role}.${flag}`)} />
              {CAPABILITY_LABELS[flag]}
            </label>
          ))}
        </fieldset>
      ) : null}
    </li>
  );
}

/** Edits one user's type, roles with their capability flags (staff only), and access scopes. */
export function UserAccessDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const form = useForm<AccessFormValues>({ defaultValues: toFormValues(user) });
  const scopes = useFieldArray({ control: form.control, name: 'scopes' });
  const update = useUpdateUserAccess();
  const [error, setError] = useState<string | null>(null);
  const values = form.watch();
  const isStaff = values.userType === 'staff';

  const onSubmit = form.handleSubmit(async (form) => {
    setError(null);
    const parsed = updateUserAccessInputSchema.safeParse({
      userType: form.userType,
      roles: ROLES.filter((role) => form.roles[role].enabled).map((role) => {
        const { is_approver, is_integration_admin, is_data_ai_admin } = form.roles[role];
        // Spec §6: the flags apply only to staff, so a client keeps none.
        const flags = form.userType === 'staff' ? { is_approver, is_integration_admin, is_data_ai_admin } : {};
        return { role, ...flags };
      }),
      scopes: form.scopes,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form.');
      return;
    }
    try {
      await update.mutateAsync({ userId: user.userId, input: parsed.data });
      toast({ title: 'Access updated', description: user.email, variant: 'success' });
      onClose();
    } catch (thrown) {
      setError(thrown instanceof ApiError ? thrown.message : 'Could not save. Try again.');
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit access</DialogTitle>
          <DialogDescription className="break-all">{user.email}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label={`Access of ${user.email}`}>
          <FormError message={error} />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-semibold">Account type</legend>
            <div className="flex flex-wrap gap-4">
              {(['client', 'staff'] as const).map((type) => (
                <label key={type} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input type="radio" value={type} className="size-4 accent-primary" {...form.register('userType')} />
                  {type === 'staff' ? 'Staff (our team)' : 'Client (a customer’s user)'}
                </label>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">Capability flags apply to staff only.</p>
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">Roles</legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {ROLES.map((role) => (
                <RoleOption key={role} role={role} isStaff={isStaff} isEnabled={values.roles[role].enabled} register={form.register} />
              ))}
            </ul>
          </fieldset>
          <ScopeRows fields={scopes.fields} register={form.register} onAdd={() => scopes.append(emptyScope())} onRemove={scopes.remove} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Access'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
