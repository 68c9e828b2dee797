import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/label.tsx';

/** A labelled field with its required asterisk and the error right under it. */
export function LeadField({
  id,
  label,
  isRequired = false,
  error,
  children,
}: {
  id: string;
  label: string;
  isRequired?: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {label}
        {isRequired ? (
          <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden>
            *
          </span>
        ) : null}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
