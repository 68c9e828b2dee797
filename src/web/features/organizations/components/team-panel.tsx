import { zodResolver } from '@hookform/resolvers/zod';
import { UserMinus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ENGAGEMENT_ROLE_LABELS, type InviteMemberInput, inviteMemberInputSchema } from '../../../../shared/schemas/organizations.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMyOrganizations } from '../../auth/my-organizations.ts';
import { useManageMembers, useOrganizationMembers } from '../api/offboarding.ts';

function InviteForm({ organizationId }: { organizationId: string }) {
  const id = useId();
  const { invite } = useManageMembers(organizationId);
  const form = useForm<InviteMemberInput>({ resolver: zodResolver(inviteMemberInputSchema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => void form.handleSubmit((values) => invite.mutate(values, { onSuccess: () => form.reset() }))(event)}
    >
      <FormField id={`${id}-email`} label="Invite a colleague by e-mail" error={error} className="min-w-60 flex-1">
        <Input type="email" autoComplete="off" {...fieldControlProps(`${id}-email`, { error })} {...form.register('email')} />
      </FormField>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Inviting…' : 'Send invitation'}
      </Button>
      {invite.isError ? (
        <Alert variant="destructive" role="alert" className="w-full">
          {invite.error.message}
        </Alert>
      ) : null}
      {invite.isSuccess ? (
        <p role="status" className="w-full text-sm text-muted-foreground">
          Invitation sent.
        </p>
      ) : null}
    </form>
  );
}

/** The client's people and the team from our side that serves them (docs/organizations.md). */
export function TeamPanel({ canManage, currentUserId }: { canManage: boolean; currentUserId: string | null }) {
  const mine = useMyOrganizations();
  const organization = mine.data?.tenant === 'member' ? mine.data.organizations[0] : undefined;
  const members = useOrganizationMembers(organization?.id);
  const { remove } = useManageMembers(organization?.id ?? '');
  if (mine.isPending) return <Spinner label="Loading your organization" />;
  if (mine.isError) return <QueryError error={mine.error} what="your organization" onRetry={() => void mine.refetch()} />;
  if (!organization) return null;
  return (
    <section aria-labelledby="team-heading" className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6">
      <h2 id="team-heading" className="text-lg font-semibold">
        Your team at {organization.name}
      </h2>
      {members.isPending ? <Spinner label="Loading members" /> : null}
      {members.isError ? <QueryError error={members.error} what="members" onRetry={() => void members.refetch()} /> : null}
      {members.data ? (
        <>
          <ul className="grid gap-2" aria-label="Members">
            {members.data.members.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2">
                <span className="flex flex-wrap items-center gap-2 break-all">
                  {member.email ?? 'Unknown'}
                  {member.role === 'owner' ? <Badge tone="info">Owner</Badge> : null}
                  {member.pending ? <Badge tone="yellow">Invited</Badge> : null}
                </span>
                {canManage && member.role !== 'owner' && member.userId !== currentUserId ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(member.id)}
                    aria-label={`Remove ${member.email ?? 'this member'}`}
                  >
                    <UserMinus aria-hidden /> Remove
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {remove.isError ? (
            <Alert variant="destructive" role="alert">
              {remove.error.message}
            </Alert>
          ) : null}
          {canManage ? <InviteForm organizationId={organization.id} /> : null}
          <div className="grid gap-2">
            <h3 className="font-semibold">Who from ComplianceCore works on your account</h3>
            {members.data.team.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nobody is assigned yet; our team will introduce themselves soon.</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {members.data.team.map((person) => (
                  <li key={`${person.staffEmail}-${person.engagementRole}`}>
                    <span className="font-medium">{ENGAGEMENT_ROLE_LABELS[person.engagementRole]}</span>:{' '}
                    {person.staffEmail ?? 'a colleague'}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
