import { useId } from 'react';
import { Switch } from '../../../components/ui/switch.tsx';
import { useDemoMode } from '../demo-mode.tsx';

/** The workspace navigation's demo-mode switch: on shows the sample company everywhere. */
export function DemoModeToggle({ className }: { className?: string }) {
  const { isDemoMode, enableDemoMode, disableDemoMode } = useDemoMode();
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center justify-between gap-3 rounded-md px-3 py-2">
        <label htmlFor={id} className="text-sm font-medium text-foreground/80">
          Demo mode
        </label>
        <Switch
          id={id}
          checked={isDemoMode}
          onCheckedChange={(checked) => (checked ? enableDemoMode() : disableDemoMode())}
          aria-describedby={`${id}-hint`}
        />
      </div>
      <p id={`${id}-hint`} className="sr-only">
        Shows sample data instead of your organization&apos;s data.
      </p>
    </div>
  );
}
