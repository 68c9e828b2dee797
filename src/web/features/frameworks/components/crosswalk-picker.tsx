import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FrameworkSummary } from '../../../../shared/schemas/frameworks.ts';
import type { CatalogueFrameworkId } from '../../../../shared/schemas/programme-statuses.ts';
import { Button } from '../../../components/ui/button.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { useFrameworkHref } from '../use-framework-href.ts';

/** "We have X; what does this framework add?": picks the framework the crosswalk starts from. */
export function CrosswalkPicker({
  target,
  frameworks,
  from,
}: {
  target: FrameworkSummary;
  frameworks: readonly FrameworkSummary[];
  from: CatalogueFrameworkId | undefined;
}) {
  const id = useId();
  const navigate = useNavigate();
  const href = useFrameworkHref();
  const others = frameworks.filter((framework) => framework.id !== target.id);
  // An active framework is the likeliest starting point.
  const [choice, setChoice] = useState<string>(from ?? others.find((framework) => framework.activation)?.id ?? others[0]?.id ?? '');

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
