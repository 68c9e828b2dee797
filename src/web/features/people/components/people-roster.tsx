import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { usePeople } from '../api/people-api.ts';

/** The roster: who signs policies, filtered by department, status or words. */
export function PeopleRoster({ organizationId }: { organizationId: string | undefined }) {
  const id = useId();
  const [department, setDepartment] = useState('');
  const [status, setStatus] = useState<'' | 'active' | 'inactive'>('');
  const [q, setQ] = useState('');
  const list = usePeople(organizationId, { department: department || undefined, status: status || undefined, q: q || undefined });
  if (list.isPending) return <Spinner label="Loading people" />;
  if (list.isError) return <LoadFailed title="The roster could not be loaded." onRetry={() => void list.refetch()} />;
  const { people, departments, groups } = list.data;
  return (
    <div className="space-y-3">
      {groups.length > 0 ? (
        <div className="text-sm">
          <h4 id={`${id}-groups`} className="font-medium">
            Groups from your identity provider
          </h4>
          <ul aria-labelledby={`${id}-groups`} className="mt-1 flex flex-wrap gap-2">
            {groups.map((group) => (
              <li key={group.id} className="rounded-md border border-border px-2 py-1">
                {group.name} <span className="text-xs text-muted-foreground">· {group.activeMembers} active</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <SearchField id={`${id}-search`} label="Search people" value={q} onChange={setQ} placeholder="Name, e-mail or title" />
        <NativeSelect aria-label="Department" value={department} onChange={(event) => setDepartment(event.target.value)}>
          <option value="">All departments</option>
          {departments.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Status" value={status} onChange={(event) => setStatus(event.target.value as '' | 'active' | 'inactive')}>
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="inactive">Left</option>
        </NativeSelect>
      </div>
      {people.length === 0 ? (
        <EmptyState icon={Users} title="Nobody here yet">
          Import your roster from CSV (a dry run shows every row first) or connect your identity provider through SCIM.
        </EmptyState>
      ) : (
        <TableScroll label="People">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Department
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Manager
                </th>
                <th scope="col" className="py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.id} className="border-b border-border last:border-0">
                  <td className="py-2 pr-3">
                    <span className="block">{person.name}</span>
                    <span className="text-xs text-muted-foreground">{person.email}</span>
                  </td>
                  <td className="py-2 pr-3">{person.department || '—'}</td>
                  <td className="py-2 pr-3">{person.managerName ?? '—'}</td>
                  <td className="py-2">
                    <Badge tone={person.isLeaver ? 'neutral' : 'green'}>{person.isLeaver ? 'Left' : 'Active'}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
