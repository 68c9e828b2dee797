import { UserRoundMinus, UserRoundPlus } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ENGAGEMENT_ROLE_LABELS,
  ENGAGEMENT_ROLES,
  type AssignStaffInput,
  type Organization,
  assignStaffInputSchema,
  type StaffAssignment,
} from '../../../../shared/schemas/organizations.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useAssignStaff, useUnassignStaff } from '../api/manage-organizations.ts';
import { useStaffAssignments, useStaffMembers } from '../api/use-organizations.ts';

function UnassignButton({ organization, assignment }: { organization: Organization; assignment: StaffAssignment }) {
  const unassign = useUnassignStaff(organization.id);
  const who = assignment.staffEmail ?? 'This staff member';
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${who} from ${organization.name}`}>
          <UserRoundMinus aria-hidden /> Remove
        </Button>
      }
      title="Remove this assignment?"
      description={`${who} stops seeing ${organization.name}’s workspace at once.`}
      confirmLabel="Remove Assignment"
      onConfirm={async () => {
        try {
          await unassign.mutateAsync(assignment.id);
          toast({ title: 'Assignment removed', description: `${who} · ${organization.name}`, variant: 'success' });
          return null;
        } catch (error) {
          return error instanceof ApiError ? error.message : 'Could not remove the assignment. Try again.';
        }
      }}
    />
  );
}

function AssignStaffForm({ organization, assignedIds }: { organization: Organization; assignedIds: ReadonlySet<string> }) {
  const staffId = useId();
  const roleId = useId();
  const staff = useStaffMembers();
  const assign = useAssignStaff(organization.id);
  const form = useForm<AssignStaffInput>({
    resolver: zodResolver(assignStaffInputSchema),
    defaultValues: { staffUserId: '', engagementRole: 'lead_consultant' },
  });
  const staffError = form.formState.errors.staffUserId?.message;
  const [failure, setFailure] = useState<string | null>(null);
  const candidates = (staff.data?.users ?? []).filter((user) => !assignedIds.has(user.userId));
  const note =
    candidates.length === 0
      ? 'Every staff member is assigned already, or there is no staff yet (invite them under Users & roles).'
      : undefined;

  const submit = form.handleSubmit(
    async (input) => {
      setFailure(null);
      try {
        const assignment = await assign.mutateAsync(input);
        form.resetField('staffUserId');
        toast({
          title: 'Staff assigned',
          description: `${assignment.staffEmail ?? 'Staff member'} · ${organization.name}`,
          variant: 'success',
        });
      } catch (error) {
        setFailure(setServerFormErrors(form, error, ['staffUserId', 'engagementRole'], 'Could not assign the staff member. Try again.'));
      }
    },
    () => setFailure(null),
  );

  if (staff.isPending) return <Spinner label="Loading staff" />;
  if (staff.isError) return <QueryError error={staff.error} what="staff" onRetry={() => void staff.refetch()} />;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3" aria-label={`Assign staff to ${organization.name}`}>
      <FormError message={failure} />
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_12rem_auto] lg:items-end">
        <FormField id={staffId} label="Staff member" error={staffError} description={note}>
          <NativeSelect {...fieldControlProps(staffId, { error: staffError, description: note })} {...form.register('staffUserId')}>
            <option value="">Choose a staff member</option>
            {candidates.map((user) => (
              <option key={user.userId} value={user.userId}>
                {user.email}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={roleId} label="Engagement role">
          <NativeSelect id={roleId} {...form.register('engagementRole')}>
            {ENGAGEMENT_ROLES.map((role) => (
              <option key={role} value={role}>
                {ENGAGEMENT_ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Button type="submit" disabled={assign.isPending}>
          <UserRoundPlus aria-hidden /> {assign.isPending ? 'Assigning…' : 'Assign Staff'}
        </Button>
      </div>
    </form>
  );
}

/** The staff serving one organization, each with their engagement role; assign more, remove one. */
export function StaffAssignments({ organization }: { organization: Organization }) {
  const assignments = useStaffAssignments(organization.id);
  const list = assignments.data?.assignments ?? [];
  return (
    <section className="grid gap-4 rounded-xl border border-border bg-card p-4 md:p-6" aria-labelledby={`staff-of-${organization.id}`}>
      <div>
        <h2 id={`staff-of-${organization.id}`} className="text-xl font-semibold break-words">
          {organization.name}
        </h2>
        <p className="text-sm text-muted-foreground">
          {organization.memberCount} {organization.memberCount === 1 ? 'member' : 'members'}
          {organization.country ? ` · ${organization.country}` : ''}
          {organization.size ? ` · ${organization.size} employees` : ''}
        </p>
      </div>
      <h3 className="font-semibold">Assigned staff</h3>
      {assignments.isPending ? <Spinner label="Loading assigned staff" /> : null}
      {assignments.isError ? (
        <QueryError error={assignments.error} what="assigned staff" onRetry={() => void assignments.refetch()} />
      ) : null}
      {assignments.isSuccess && list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          Nobody is assigned yet. Until someone is, no staff member other than administrators sees this organization.
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label={`Staff assigned to ${organization.name}`}>
          {list.map((assignment) => (
            <li key={assignment.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="break-all font-medium">{assignment.staffEmail ?? 'Deleted user'}</p>
                <Badge tone="info">{ENGAGEMENT_ROLE_LABELS[assignment.engagementRole]}</Badge>
              </div>
              <UnassignButton organization={organization} assignment={assignment} />
            </li>
          ))}
        </ul>
      ) : null}
      {assignments.isSuccess ? (
        <AssignStaffForm organization={organization} assignedIds={new Set(list.map((assignment) => assignment.staffUserId))} />
      ) : null}
    </section>
  );
}
