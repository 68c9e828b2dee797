import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, AlertTitle } from '../../components/ui/alert.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMyOrganizations } from '../../features/auth/my-organizations.ts';

/**
 * Which organization's programme the compliance, frameworks and analytics tabs show. A client sees
 * their own; staff and administrators pick one (kept in the URL as `org=`, so a link shares it).
 * `organizationId` is undefined for a client (the server implies theirs), the chosen id for staff,
 * and null while staff have not chosen yet.
 */
export function useProgrammeOrganization(): {
  organizationId: string | null | undefined;
  picker: { organizations: { id: string; name: string }[]; value: string; onChange: (id: string) => void } | null;
  isLoading: boolean;
} {
  const [params, setParams] = useSearchParams();
  const mine = useMyOrganizations();
  const data = mine.data;
  if (!data) return { organizationId: null, picker: null, isLoading: mine.isPending };
  if (data.tenant === 'member' || data.tenant === 'none') return { organizationId: undefined, picker: null, isLoading: false };
  const organizations = data.organizations.map(({ id, name, isSample }) => ({ id, name: isSample ? `${name} (Sample)` : name }));
  const chosen = params.get('org');
  const value =
    organizations.find((organization) => organization.id === chosen)?.id ??
    (organizations.length === 1 ? (organizations[0]?.id ?? '') : '');
  const onChange = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('org', id);
        else next.delete('org');
        return next;
      },
      { replace: true },
    );
  return { organizationId: value || null, picker: { organizations, value, onChange }, isLoading: false };
}

/** The staff member's organization picker; renders nothing for a client. */
export function ProgrammeOrganizationPicker({ picker }: { picker: ReturnType<typeof useProgrammeOrganization>['picker'] }) {
  const id = useId();
  if (!picker) return null;
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        Client organization
      </label>
      <div className="sm:w-72">
        <NativeSelect id={id} value={picker.value} onChange={(event) => picker.onChange(event.target.value)}>
          <option value="">Choose an organization</option>
          {picker.organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/**
 * Holds a programme view (the compliance tab, the calendar, the workflows) back until its organization
 * is known: a spinner while it loads, an error when it cannot be loaded. Without it, a client manager's
 * calendar and workflows said "Choose a client organization" — staff's prompt — while their own was
 * still loading, and kept saying it when it could not be loaded.
 */
export function ProgrammeOrganizationGate({
  programme,
  children,
}: {
  programme: ReturnType<typeof useProgrammeOrganization>;
  children: ReactNode;
}) {
  if (programme.isLoading) return <Spinner label="Loading your organization" />;
  if (programme.organizationId === null && !programme.picker)
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>Your organization could not be loaded</AlertTitle>
        <p className="mt-1">Reload the page to try again.</p>
      </Alert>
    );
  return children;
}
