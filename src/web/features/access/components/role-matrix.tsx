import { RotateCcw, Save } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import { PERMISSIONS, type Permission, ROLES, ROLE_LABELS, type Role } from '../../../../shared/permissions.ts';
import type { RolePermissionMatrix } from '../../../../shared/schemas/access.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRolePermissions, useUpdateRolePermissions } from '../api/role-permissions.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';

type Draft = Record<Role, Set<string>>;

const toDraft = (matrix: RolePermissionMatrix['matrix']): Draft =>
  Object.fromEntries(ROLES.map((role) => [role, new Set(matrix[role] ?? [])])) as Draft;

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));
const isKnown = (name: string): name is Permission => (PERMISSIONS as readonly string[]).includes(name);

// eslint-disable-next-line max-lines-per-function -- the role × permission grid and its save bar share the edited sets and the dirty check
function MatrixEditor({ data }: { data: RolePermissionMatrix }) {
  const saved = useMemo(() => toDraft(data.matrix), [data.matrix]);
  const [draft, setDraft] = useState<Draft>(saved);
  // Fresh server data (a refetch, another administrator's save) replaces the draft only when
  // nothing is being edited: unsaved changes are never wiped from under the user.
  const [base, setBase] = useState<Draft>(saved);
  if (base !== saved) {
    setBase(saved);
    if (ROLES.every((role) => sameSet(draft[role], base[role]))) setDraft(saved);
  }
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateRolePermissions();
  const changedRoles = ROLES.filter((role) => !sameSet(draft[role], saved[role]));
  const categories = useMemo(() => {
    const groups = new Map<string, string[]>();
    for (const permission of data.permissions)
      groups.set(permission.category, [...(groups.get(permission.category) ?? []), permission.name]);
    return [...groups.entries()];
  }, [data.permissions]);

  function toggle(role: Role, name: string) {
    setDraft((current) => {
      const next = new Set(current[role]);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return { ...current, [role]: next };
    });
  }

  async function save() {
    setError(null);
    const matrix = Object.fromEntries(changedRoles.map((role) => [role, [...draft[role]].filter(isKnown)]));
    try {
      const result = await update.mutateAsync({ matrix });
      setDraft(toDraft(result.matrix));
      toast({ title: 'Permissions saved', description: `${changedRoles.length} role(s) changed.`, variant: 'success' });
    } catch (thrown) {
      setError(thrown instanceof ApiError ? thrown.message : 'Could not save. Try again.');
    }
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <FormError message={error} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {changedRoles.length === 0
            ? 'No unsaved changes.'
            : `Unsaved changes for ${changedRoles.map((role) => ROLE_LABELS[role]).join(', ')}.`}
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="outline" disabled={changedRoles.length === 0} onClick={() => setDraft(saved)}>
            <RotateCcw aria-hidden /> Discard
          </Button>
          <Button type="button" disabled={changedRoles.length === 0 || update.isPending} onClick={() => void save()}>
            <Save aria-hidden /> {update.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
        </div>
      </div>
      <div
        className="max-h-[70vh] overflow-auto rounded-xl border border-border"
        role="region"
        aria-label="Role permission matrix"
        tabIndex={0}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Permissions each role holds. Tick a box to grant, untick to take away, then save.</caption>
          <thead className="sticky top-0 z-10 bg-muted">
            <tr>
              <th scope="col" className="sticky left-0 z-20 min-w-44 bg-muted px-3 py-2 text-left font-semibold">
                Permission
              </th>
              {ROLES.map((role) => (
                <th key={role} scope="col" className="px-2 py-2 text-center text-xs font-semibold">
                  {ROLE_LABELS[role]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map(([category, names]) => (
              <Fragment key={category}>
                <tr className="bg-background">
                  <th
                    colSpan={ROLES.length + 1}
                    scope="colgroup"
                    className="sticky left-0 border-t border-border px-3 pb-1 pt-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground"
                  >
                    {category}
                  </th>
                </tr>
                {names.map((name) => (
                  <tr key={name} className="border-t border-border/60 hover:bg-muted/40">
                    <th scope="row" className="sticky left-0 bg-background px-3 py-1.5 text-left font-mono text-xs font-normal">
                      {name}
                    </th>
                    {ROLES.map((role) => (
                      <td key={role} className="px-2 py-1.5 text-center">
                        <input
                          type="checkbox"
                          className="size-4 cursor-pointer accent-primary"
                          checked={draft[role].has(name)}
                          onChange={() => toggle(role, name)}
                          aria-label={`${ROLE_LABELS[role]}: ${name}`}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The role–permission matrix (product.md §6, §7): read from role_permissions, edited by administrators. */
export function RoleMatrix() {
  const matrix = useRolePermissions();
  if (matrix.isPending) return <Spinner label="Loading permissions" />;
  if (matrix.isError) return <QueryError error={matrix.error} what="permissions" onRetry={() => void matrix.refetch()} />;
  if (matrix.data.permissions.length === 0) {
    return <p className="text-sm text-muted-foreground">No permissions are defined.</p>;
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      <p className="max-w-3xl text-sm text-muted-foreground">
        What each role may do. Administrators always reach this page, whatever the matrix says, so a change here cannot lock you out. A user
        with several roles holds every permission of each.
      </p>
      <MatrixEditor data={matrix.data} />
    </div>
  );
}
