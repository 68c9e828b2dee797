import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FrameworkSummary } from '../../../../shared/schemas/frameworks.ts';
import { Button } from '../../../components/ui/button.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { useFrameworkHref } from '../use-framework-href.ts';

function namesOf(ids: string, frameworks: readonly FrameworkSummary[]): string {
  return ids
    .split(',')
    .map((id) => frameworks.find((framework) => framework.id === id)?.name ?? id)
    .join(' + ');
}

/** "We have X (or X and Y); what does this framework add?": picks what the crosswalk starts from. */
export function CrosswalkPicker({
  target,
  frameworks,
  from,
}: {
  target: FrameworkSummary;
  frameworks: readonly FrameworkSummary[];
  from: string | undefined;
}) {
  const id = useId();
  const navigate = useNavigate();
  const href = useFrameworkHref();
  const others = frameworks.filter((framework) => framework.id !== target.id);
  // Several active frameworks are compared together ("we have SOC 2 and ISO 27001"): the likeliest question.
  const active = others.filter((framework) => framework.activation);
  const together = active.length > 1 ? active.map((framework) => framework.id).join(',') : null;
  const [choice, setChoice] = useState<string>(from ?? together ?? active[0]?.id ?? others[0]?.id ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice) void navigate(href(target.id, { from: choice }));
  }

  return (
    <form
      onSubmit={submit}
      aria-label="Crosswalk"
      className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-end"
    >
      <div className="grid gap-1 sm:w-64">
        <label htmlFor={id} className="text-sm font-medium">
          We already have
        </label>
        <NativeSelect id={id} value={choice} onChange={(event) => setChoice(event.target.value)}>
          {together ? <option value={together}>{active.map((framework) => framework.name).join(' + ')} (all active)</option> : null}
          {from && from.includes(',') && from !== together ? <option value={from}>{namesOf(from, frameworks)}</option> : null}
          {others.map((framework) => (
            <option key={framework.id} value={framework.id}>
              {framework.name}
              {framework.activation ? ' (active)' : ''}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="secondary">
        Show what {target.name} adds
      </Button>
      {from ? (
        <Button type="button" variant="ghost" onClick={() => void navigate(href(target.id))}>
          Back to the requirements
        </Button>
      ) : null}
    </form>
  );
}
