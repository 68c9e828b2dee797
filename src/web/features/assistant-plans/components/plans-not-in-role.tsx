import { EyeOff } from 'lucide-react';

/**
 * What a role without `plans:read` (the auditor by default) sees where plans would be: a plain
 * statement, not an error, because nothing failed (docs/permissions.md, "Default permissions").
 */
export function PlansNotInRole() {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm" data-testid="plans-not-in-role">
      <EyeOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <p>
        <span className="font-medium">Plans are not part of your role.</span>{' '}
        <span className="text-muted-foreground">
          Clients keep plans from the advisor and our delivery team reviews them; your role does not read them, so none are shown here.
        </span>
      </p>
    </div>
  );
}
