import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { CAPABILITY_LABELS } from '../../../../shared/permissions.ts';

/**
 * /admin → Sample data for an administrator without the flag (docs/sample-data.md "Who"): the tab is
 * there for every administrator, and says why it cannot be used yet instead of hiding without a word.
 */
export function SampleDataNeedsFlag() {
  return (
    <Alert className="max-w-2xl" data-testid="sample-data-needs-flag">
      <AlertTitle>Loading sample data needs the {CAPABILITY_LABELS.is_data_ai_admin} flag</AlertTitle>
      <p className="mt-1">
        The sample organization creates accounts, AI work and files, so loading or removing it takes the{' '}
        {CAPABILITY_LABELS.is_data_ai_admin} flag as well as the administrator role. Another administrator can turn it on for you under
        Users &amp; roles (edit your user, then {CAPABILITY_LABELS.is_data_ai_admin}).
      </p>
    </Alert>
  );
}
