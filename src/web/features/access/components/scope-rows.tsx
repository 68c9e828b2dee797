import { Plus, Trash2 } from 'lucide-react';
import type { FieldArrayWithId, UseFormRegister } from 'react-hook-form';
import { SCOPE_FIELDS } from '../../../../shared/permissions.ts';
import { SCOPE_FIELD_LABELS } from '../../../../shared/schemas/access.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { AccessFormValues } from './access-form.ts';

/**
 * The user's access scopes (product.md §6): where their permissions apply. An empty field matches
 * anything; a user without scopes is not limited by scope.
 */
export function ScopeRows({
  fields,
  register,
  onAdd,
  onRemove,
}: {
  fields: FieldArrayWithId<AccessFormValues, 'scopes'>[];
  register: UseFormRegister<AccessFormValues>;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold">Access scopes</legend>
      <p className="text-xs text-muted-foreground">
        Limit where permissions that ask for a scope apply. Leave a field empty to match anything.
      </p>
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">No scopes: not limited by scope.</p> : null}
      <ul className="grid gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="grid gap-3 rounded-lg border border-border p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              {SCOPE_FIELDS.map((name) => (
                <label key={name} className="grid gap-1 text-xs font-medium">
                  {SCOPE_FIELD_LABELS[name]}
                  <Input maxLength={100} className="h-9" {...register(`scopes.${index}.${name}`)} />
                </label>
              ))}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-primary" {...register(`scopes.${index}.is_active`)} />
                Active
              </label>
              <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(index)} aria-label={`Remove scope ${index + 1}`}>
                <Trash2 aria-hidden /> Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onAdd}>
        <Plus aria-hidden /> Add Scope
      </Button>
    </fieldset>
  );
}
