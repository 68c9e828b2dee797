import { SearchField } from '../../../components/ui/search-field.tsx';
import { Trash2, UserRoundPen, UserRoundPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { CAPABILITIES, CAPABILITY_LABELS, ROLE_LABELS } from '../../../../shared/permissions.ts';
import type { AdminUser } from '../../../../shared/schemas/access.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../auth/auth.tsx';
import { useDeleteUser } from '../api/manage-users.ts';
import { useAdminUsers } from '../api/use-admin-users.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { UserAccessDialog } from './user-access-dialog.tsx';

const PAGE_SIZE = 25;
const day = (value: string | null) => (value ? new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(value)) : 'Never');

function DeleteUserButton({ user }: { user: AdminUser }) {
  const remove = useDeleteUser();
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" size="sm" aria-label={`Delete ${user.email}`}>
          <Trash2 aria-hidden />
        </Button>
      }
      title="Delete this user?"
      description={`${user.email} loses their sign-in, sessions, roles and access scopes at once. This cannot be undone.`}
      confirmLabel="Delete User"
      onConfirm={async () => {
        try {
          await remove.mutateAsync(user.userId);
          toast({ title: 'User deleted', description: user.email, variant: 'success' });
          return null;
        } catch (error) {
          return error instanceof ApiError ? error.message : 'Could not delete the user. Try again.';
        }
      }}
    />
  );
}

function UserRow({ user, isSelf, onEdit }: { user: AdminUser; isSelf: boolean; onEdit: () => void }) {
  const flags = CAPABILITIES.filter((flag) => user.roles.some((role) => role[flag]));
  return (
    <li className="grid gap-3 p-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto_auto] md:items-center">
      <div className="min-w-0">
        <p className="break-all font-medium">{user.email || 'No email'}</p>
        <p className="text-xs text-muted-foreground">
          {user.userType === 'staff' ? 'Staff' : 'Client'} · joined {day(user.createdAt)}
          {user.emailConfirmedAt ? '' : ' · email not confirmed'}
        </p>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {user.roles.length === 0 ? <span className="text-sm text-muted-foreground">No role</span> : null}
        {user.roles.map((role) => (
          <Badge key={role.role} tone={role.role === 'administrator' ? 'info' : 'neutral'}>
            {ROLE_LABELS[role.role]}
          </Badge>
        ))}
        {flags.map((flag) => (
          <Badge key={flag} tone="green">
            {CAPABILITY_LABELS[flag]}
          </Badge>
        ))}
      </div>
      <p className="text-sm text-muted-foreground md:text-right">Last sign-in: {day(user.lastSignInAt)}</p>
      <div className="flex items-center gap-1">
        <Button type="button" variant="outline" size="sm" onClick={onEdit} aria-label={`Edit access of ${user.email}`}>
          <UserRoundPen aria-hidden /> Edit access
        </Button>
        {/* Nobody deletes their own account here: the last administrator could lock everyone out. */}
        {isSelf ? null : <DeleteUserButton user={user} />}
      </div>
    </li>
  );
}

/** Users with their roles; search by e-mail, page through, invite, edit one user's access, delete. */
export function UsersPanel() {
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [isInviting, setInviting] = useState(false);
  const { user: me } = useAuth();
  const users = useAdminUsers({ q, limit: PAGE_SIZE, offset });

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setOffset(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  const total = users.data?.total ?? 0;
  const list = users.data?.users ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchField id={searchId} label="Search by email" value={text} onChange={setText} placeholder="name@company.com" />
        <Button type="button" onClick={() => setInviting(true)}>
          <UserRoundPlus aria-hidden /> Invite User
        </Button>
      </div>
      {users.isPending ? <Spinner label="Loading users" /> : null}
      {users.isError ? <QueryError error={users.error} what="users" onRetry={() => void users.refetch()} /> : null}
      {users.isSuccess && list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
          {q ? `No users match “${q}”.` : 'No users yet.'}
        </p>
      ) : null}
      {list.length > 0 ? (
        <>
          <ul className="divide-y divide-border rounded-xl border border-border bg-card" aria-busy={users.isFetching} aria-label="Users">
            {list.map((user) => (
              <UserRow key={user.userId} user={user} isSelf={user.userId === me?.id} onEdit={() => setEditing(user)} />
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-muted-foreground" aria-live="polite">
              Showing {offset + 1}–{offset + list.length} of {total}
            </p>
            <div className="flex gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
              >
                Previous
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={offset + PAGE_SIZE >= total}
                onClick={() => setOffset(offset + PAGE_SIZE)}
              >
                Next
              </Button>
            </div>
          </div>
        </>
      ) : null}
      {editing ? <UserAccessDialog user={editing} onClose={() => setEditing(null)} /> : null}
      {isInviting ? <UserAccessDialog onClose={() => setInviting(false)} /> : null}
    </div>
  );
}
