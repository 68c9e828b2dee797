import { SearchField } from '../../../components/ui/search-field.tsx';
import { Building2, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { Organization } from '../../../../shared/schemas/organizations.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { cn } from '../../../lib/cn.ts';
import { useOrganizations } from '../api/use-organizations.ts';
import { CreateOrganizationDialog } from './create-organization-dialog.tsx';
import { OrganizationHealth, SlaBadges } from './organization-health.tsx';
import { StaffAssignments } from './staff-assignments.tsx';

function OrganizationButton({
  organization,
  isSelected,
  onSelect,
}: {
  organization: Organization;
  isSelected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={onSelect}
      className={cn(
        'grid w-full gap-0.5 rounded-lg px-3 py-2 text-left outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
        isSelected && 'bg-muted',
      )}
    >
      <span className="flex flex-wrap items-center gap-2 break-words font-medium">
        {organization.name}
        {organization.isSample ? (
          <Badge tone="yellow" title="Sample data (Administration → Sample data), not a client">
            Sample
          </Badge>
        ) : null}
      </span>
      <span className="text-xs text-muted-foreground">
        {organization.plan ?? 'no plan'} · {organization.staffCount} assigned staff · {organization.memberCount}{' '}
        {organization.memberCount === 1 ? 'member' : 'members'}
      </span>
      <SlaBadges organization={organization} />
    </button>
  );
}

/** The organization shown, kept in the URL (`?organization=`) so a reload or a shared link opens it. */
const selectedParam = z.uuid().optional().catch(undefined);

/**
 * /admin → Organizations: the client organizations, a new one, and the staff assigned to serve each
 * with their engagement role (docs/tenancy.md).
 */
export function OrganizationsPanel({ canOffboard = true }: { canOffboard?: boolean } = {}) {
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [params, setParams] = useSearchParams();
  const selectedId = selectedParam.parse(params.get('organization') ?? undefined);
  const setSelectedId = (id: string) =>
    setParams(
      (current) => {
        current.set('organization', id);
        return current;
      },
      { replace: true },
    );
  const [isCreating, setCreating] = useState(false);
  const organizations = useOrganizations(q);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  const list = organizations.data?.organizations ?? [];
  const selected = list.find((organization) => organization.id === selectedId) ?? list[0] ?? null;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchField id={searchId} label="Search organizations" value={text} onChange={setText} placeholder="Company name" />
        <Button type="button" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> New Organization
        </Button>
      </div>
      {organizations.isPending ? <Spinner label="Loading organizations" /> : null}
      {organizations.isError ? (
        <QueryError error={organizations.error} what="organizations" onRetry={() => void organizations.refetch()} />
      ) : null}
      {organizations.isSuccess && list.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
          <Building2 className="size-6" aria-hidden />
          <p>{q ? `No organizations match “${q}”.` : 'No organizations yet. Create one, or one is made when a client subscribes.'}</p>
        </div>
      ) : null}
      {list.length > 0 && selected ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] md:items-start">
          <nav aria-label="Organizations" className="rounded-xl border border-border bg-card p-2">
            <ul className="grid gap-1" aria-busy={organizations.isFetching}>
              {list.map((organization) => (
                <li key={organization.id}>
                  <OrganizationButton
                    organization={organization}
                    isSelected={organization.id === selected.id}
                    onSelect={() => setSelectedId(organization.id)}
                  />
                </li>
              ))}
            </ul>
            {organizations.data && organizations.data.total > list.length ? (
              <p className="p-2 text-xs text-muted-foreground">
                Showing {list.length} of {organizations.data.total}. Search to find the others.
              </p>
            ) : null}
          </nav>
          <div className="grid gap-4">
            <OrganizationHealth organization={selected} canOffboard={canOffboard} />
            <StaffAssignments key={selected.id} organization={selected} />
          </div>
        </div>
      ) : null}
      {isCreating ? (
        <CreateOrganizationDialog
          onClose={() => setCreating(false)}
          onCreated={(organization) => {
            setCreating(false);
            setText('');
            setSelectedId(organization.id);
            toast({ title: 'Organization created', description: organization.name, variant: 'success' });
          }}
        />
      ) : null}
    </div>
  );
}
