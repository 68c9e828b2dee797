import { useId, useState } from 'react';
import { Input } from './ui/input.tsx';

export interface ControlOption {
  id: string;
  title: string;
}

/** Several controls by checkbox, with a filter: the list is long (every control in scope). */
export function ControlPicker({
  options,
  value,
  onChange,
  error,
  legend = 'Controls it proves',
}: {
  options: ControlOption[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  legend?: string;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const words = filter.trim().toLowerCase();
  const shown = words ? options.filter((option) => `${option.id} ${option.title}`.toLowerCase().includes(words)) : options;
  const toggle = (controlId: string, isChecked: boolean) =>
    onChange(isChecked ? [...value, controlId] : value.filter((chosen) => chosen !== controlId));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">
        {legend} <span className="font-normal text-muted-foreground">({value.length} chosen)</span>
      </legend>
      <label htmlFor={`${id}-filter`} className="sr-only">
        Filter controls
      </label>
      <Input
        id={`${id}-filter`}
        type="search"
        placeholder="Filter by id or title"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ul className="max-h-48 overflow-y-auto rounded-md border border-border p-1">
        {shown.length === 0 ? <li className="p-2 text-sm text-muted-foreground">No control matches.</li> : null}
        {shown.map((option) => (
          <li key={option.id}>
            <label className="flex cursor-pointer items-start gap-2 rounded p-2 text-sm hover:bg-muted">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={value.includes(option.id)}
                onChange={(event) => toggle(option.id, event.target.checked)}
              />
              <span>
                <span className="font-mono text-xs font-semibold">{option.id}</span> {option.title}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
