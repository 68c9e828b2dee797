import { useId, useState } from 'react';
import type { ConsentCategory } from '../../../../shared/schemas/consent.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { type ConsentChoice, ESSENTIAL_ONLY, useConsent } from '../consent.tsx';
import { CONSENT_CATEGORY_TEXT } from './consent-categories.ts';

const OPTIONAL: readonly ConsentCategory[] = ['functional', 'analytics', 'marketing'];

function CategoryRow({
  category,
  checked,
  onCheckedChange,
}: {
  category: ConsentCategory | 'essential';
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const id = useId();
  const text = CONSENT_CATEGORY_TEXT[category];
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={onCheckedChange ? id : undefined} className="text-sm font-medium text-foreground" id={`${id}-label`}>
          {text.label}
        </label>
        <p className="mt-0.5 text-sm text-muted-foreground" id={`${id}-description`}>
          {text.description}
        </p>
      </div>
      {onCheckedChange ? (
        <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={`${id}-description`} className="mt-0.5" />
      ) : (
        <span className="shrink-0 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100">
          Always Active
        </span>
      )}
    </li>
  );
}

/** The Customize view: essential locked on, the three optional categories as switches. */
export function CookiePreferences({ headingId }: { headingId: string }) {
  const { consent, savePreferences, acceptAll, showSimple, isReopened } = useConsent();
  const [choice, setChoice] = useState<ConsentChoice>(() =>
    consent ? { functional: consent.functional, analytics: consent.analytics, marketing: consent.marketing } : ESSENTIAL_ONLY,
  );
  return (
    <div>
      <h2 id={headingId} tabIndex={-1} className="pr-10 text-base font-semibold text-foreground outline-none">
        Cookie preferences
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Choose which optional cookies we may use. You can change this at any time from Cookie settings in the footer.
      </p>
      <ul className="mt-2 divide-y divide-border">
        <CategoryRow category="essential" checked />
        {OPTIONAL.map((category) => (
          <CategoryRow
            key={category}
            category={category}
            checked={choice[category]}
            onCheckedChange={(checked) => setChoice((current) => ({ ...current, [category]: checked }))}
          />
        ))}
      </ul>
      <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {isReopened ? null : (
          <Button variant="ghost" onClick={showSimple}>
            Back
          </Button>
        )}
        <Button variant="outline" onClick={acceptAll}>
          Accept All
        </Button>
        <Button onClick={() => savePreferences(choice)}>Save Preferences</Button>
      </div>
    </div>
  );
}
