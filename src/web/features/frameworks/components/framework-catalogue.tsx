import type { FrameworkList } from '../../../../shared/schemas/frameworks.ts';
import { FrameworkCard } from './framework-card.tsx';

/** The tier-1 catalogue as cards; activation and readiness when an organization is in view. */
export function FrameworkCatalogue({
  list,
  organizationId,
  canManage,
}: {
  list: FrameworkList;
  organizationId: string | undefined;
  canManage: boolean;
}) {
  const hasOrganization = list.organizationId !== null;
  const active = list.frameworks.filter((framework) => framework.activation !== null);
  return (
    <div className="space-y-3">
      {hasOrganization ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {active.length === 0
            ? canManage
              ? 'No framework is active yet. Activate the one you are working towards; the controls it needs come into your programme.'
              : 'No framework is active yet. Ask your compliance manager to activate the one you are working towards.'
            : `Active: ${active.map((framework) => framework.name).join(', ')}.`}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Choose an organization to see its activations and readiness.</p>
      )}
      <ul aria-label="Framework catalogue" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {list.frameworks.map((framework) => (
          <FrameworkCard
            key={framework.id}
            framework={framework}
            organizationId={organizationId}
            hasOrganization={hasOrganization}
            canManage={canManage}
          />
        ))}
      </ul>
    </div>
  );
}
