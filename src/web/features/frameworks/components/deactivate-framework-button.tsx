import type { FrameworkSummary } from '../../../../shared/schemas/frameworks.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useDeactivateFramework } from '../api/frameworks-api.ts';

/** Deactivation behind a confirmation: the framework leaves the programme; controls and evidence stay. */
export function DeactivateFrameworkButton({
  framework,
  organizationId,
}: {
  framework: FrameworkSummary;
  organizationId: string | undefined;
}) {
  const deactivate = useDeactivateFramework(framework.id);
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" size="sm" aria-label={`Deactivate ${framework.name}`}>
          Deactivate
        </Button>
      }
      title={`Deactivate ${framework.name}?`}
      description={`${framework.name} leaves your programme and its readiness is no longer tracked. Your controls and evidence stay, so activating it again picks up where you left off.`}
      confirmLabel={`Deactivate ${framework.name}`}
      onConfirm={async () => {
        try {
          await deactivate.mutateAsync(organizationId);
          toast({ title: `${framework.name} deactivated` });
          return null;
        } catch (error) {
          return error instanceof Error ? error.message : 'It could not be deactivated. Try again.';
        }
      }}
    />
  );
}
