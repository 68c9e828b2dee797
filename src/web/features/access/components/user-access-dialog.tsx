import { useId, useMemo, useState } from 'react';
import { type Resolver, type UseFormRegister, useFieldArray, useForm } from 'react-hook-form';
import { CAPABILITIES, CAPABILITY_LABELS, ROLES, ROLE_LABELS, ROLE_RANK, type Role } from '../../../../shared/permissions.ts';
import {
  type AdminUser,
  type InviteUserInput,
  type UpdateUserAccessInput,
  inviteUserInputSchema,
  updateUserAccessInputSchema,
} from '../../../../shared/schemas/access.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useInviteUser } from '../api/manage-users.ts';
import { useUpdateUserAccess } from '../api/update-user-access.ts';
import { type AccessFormValues, emptyScope, newUserFormValues, toAccessInput, toFormValues } from './access-form.ts';
import { ScopeRows } from './scope-rows.tsx';

function RoleOption({
  role,
  isStaff,
  isEnabled,
  register,
}: {
  role: Role;
  isStaff: boolean;
  isEnabled: boolean;
  register: UseFormRegister<AccessFormValues>;
}) {
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

/** What the form sends once checked: an access change (editing a user) or an invitation. */
type CheckedAccess = { invite: false; input: UpdateUserAccessInput } | { invite: true; input: InviteUserInput };

/**
 * Edits one user's type, roles with their capability flags (staff only), and access scopes; without
 * a user, invites someone new by e-mail with the access they start with.
 */
// eslint-disable-next-line max-lines-per-function -- one dialog form (type, roles with capability flags, scopes) for both editing and inviting, sharing the form state
export function UserAccessDialog({ user, onClose }: { user?: AdminUser; onClose: () => void }) {
  // The server's own rules for the request the form makes: an access change, or an invitation with its e-mail.
  const resolver = useMemo<Resolver<AccessFormValues, unknown, CheckedAccess>>(
    () =>
      user
        ? inputResolver(
            updateUserAccessInputSchema.transform((input) => ({ invite: false as const, input })),
            (values: AccessFormValues) => toAccessInput(values),
          )
        : inputResolver(
            inviteUserInputSchema.transform((input) => ({ invite: true as const, input })),
            (values: AccessFormValues) => ({ email: values.email, ...toAccessInput(values) }),
          ),
    [user],
  );
  const form = useForm({
    resolver,
    defaultValues: user ? toFormValues(user) : newUserFormValues(),
  });
  const scopes = useFieldArray({ control: form.control, name: 'scopes' });
  const update = useUpdateUserAccess();
  const invite = useInviteUser();
  const emailId = useId();
  const [error, setError] = useState<string | null>(null);
  const values = form.watch();
  const isStaff = values.userType === 'staff';
  const isPending = update.isPending || invite.isPending;
  const emailError = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(
    async (checked) => {
      setError(null);
      try {
        if (!checked.invite && user) {
          await update.mutateAsync({ userId: user.userId, input: checked.input });
          toast({ title: 'Access updated', description: user.email, variant: 'success' });
        } else if (checked.invite) {
          const invited = await invite.mutateAsync(checked.input);
          toast({
            title: 'Invitation sent',
            description: `${invited.email} can sign in from the link in their e-mail.`,
            variant: 'success',
          });
        }
        onClose();
      } catch (thrown) {
        setError(setServerFormErrors(form, thrown, ['email'], 'Could not save. Try again.'));
      }
    },
    // Only the e-mail is a field of its own; a problem with the roles or scopes is the form's.
    (found) => {
      const other = Object.entries(found).find(([field]) => field !== 'email')?.[1];
      setError(found.email ? null : (other?.message?.toString() ?? 'Check the form.'));
    },
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{user ? 'Edit access' : 'Invite user'}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {user ? user.email : 'They get an e-mail with a link that signs them in; they choose a password on their profile.'}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="grid gap-6"
          aria-label={user ? `Access of ${user.email}` : 'Invite user'}
        >
          <FormError message={error} />
          {user ? null : (
            <FormField id={emailId} label="Email" required error={emailError}>
              <Input
                type="email"
                autoComplete="off"
                placeholder="name@company.com"
                {...fieldControlProps(emailId, { error: emailError })}
                {...form.register('email')}
              />
            </FormField>
          )}
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
            <Button type="submit" disabled={isPending}>
              {user ? (isPending ? 'Saving…' : 'Save Access') : isPending ? 'Sending…' : 'Send Invitation'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
