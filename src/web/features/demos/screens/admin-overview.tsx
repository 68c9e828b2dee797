import { Badge } from '../../../components/ui/badge.tsx';
import { DEMO_ADMIN_SUMMARY, DEMO_USERS } from '../sample-data-more.ts';
import { Monogram, ScreenHeader, Stat } from './screen-parts.tsx';

const ROLE_LABELS: Record<string, string> = {
  administrator: 'Administrator',
  project_manager: 'Project manager',
  consultant: 'Consultant',
  client_manager: 'Client manager',
  auditor: 'Auditor',
};

/** Administration: users, their roles and access scopes. */
export function AdminOverview() {
  return (
    <div className="grid gap-4">
      <ScreenHeader title="Administration" subtitle="Users, roles and access scopes" />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {DEMO_ADMIN_SUMMARY.map((item) => (
          <Stat key={item.label} label={item.label} value={item.value} />
        ))}
      </div>
      {/* Focusable so keyboard users can scroll the table on a narrow screen. */}
      <div className="overflow-x-auto rounded-lg border border-border bg-card" tabIndex={0} role="region" aria-label="Users">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Users and their access</caption>
          <thead className="border-b border-border text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                User
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Role
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Scope
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Last active
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {DEMO_USERS.map((user) => (
              <tr key={user.email}>
                <td className="px-4 py-2">
                  <span className="flex items-center gap-2">
                    <Monogram initials={user.initials} />
                    <span>
                      <span className="block font-medium">{user.name}</span>
                      <span className="block text-xs text-muted-foreground">{user.email}</span>
                    </span>
                  </span>
                </td>
                <td className="px-4 py-2">
                  <Badge tone={user.role === 'administrator' ? 'info' : 'neutral'}>{ROLE_LABELS[user.role] ?? user.role}</Badge>
                </td>
                <td className="px-4 py-2 text-xs">{user.scope}</td>
                <td className="px-4 py-2 text-xs text-muted-foreground">{user.lastActive}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
