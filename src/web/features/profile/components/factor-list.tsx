import type { Factor } from '@supabase/auth-js';
import { type LucideIcon, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

/**
 * One kind of second factor the user holds (authenticator apps, phones, passkeys): each with its
 * name, whether it is active, and a Remove behind a confirmation. Nothing when there are none.
 */
export function FactorList({
  factors,
  icon: Icon,
  nameOf,
  pendingLabel,
  listLabel,
  removeLabel,
  removeTitle,
  removeDescription,
  onRemove,
}: {
  factors: Factor[];
  icon: LucideIcon;
  /** What the list calls a factor: its friendly name, its phone number… */
  nameOf: (factor: Factor) => string;
  /** The badge of a factor not yet verified ("Not verified", "Not finished"). */
  pendingLabel: string;
  /** The list's accessible name, where the section holds more than one list. */
  listLabel?: string;
  /** The Remove button's accessible name for a factor. */
  removeLabel: (factor: Factor) => string;
  removeTitle: string;
  removeDescription: string;
  onRemove: (factorId: string) => Promise<string | null>;
}) {
  if (factors.length === 0) return null;
  return (
    <ul className="mb-5 divide-y divide-border rounded-lg border border-border" aria-label={listLabel}>
      {factors.map((factor) => (
        <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <span className="flex min-w-0 items-center gap-2 text-sm">
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="truncate">{nameOf(factor)}</span>
            {factor.status === 'verified' ? <Badge tone="green">Active</Badge> : <Badge tone="yellow">{pendingLabel}</Badge>}
          </span>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={removeLabel(factor)}>
                <Trash2 aria-hidden /> Remove
              </Button>
            }
            title={removeTitle}
            description={removeDescription}
            confirmLabel="Remove"
            onConfirm={() => onRemove(factor.id)}
          />
        </li>
      ))}
    </ul>
  );
}
