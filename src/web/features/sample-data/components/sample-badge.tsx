import { Badge } from '../../../components/ui/badge.tsx';

/**
 * The mark of the sample organization (docs/sample-data.md), wherever it is shown: the organizations list,
 * the workspace header of someone signed in to it, the organization pickers.
 */
export function SampleBadge({ className, long = false }: { className?: string; long?: boolean }) {
  return (
    <Badge tone="yellow" className={className} title="Sample data loaded by our team, not a client">
      {long ? 'Sample organization' : 'Sample'}
    </Badge>
  );
}

/** The header's mark: shown while the signed-in user's organizations include the sample. */
export function SampleOrganizationMark({ organizations }: { organizations: readonly { name: string; isSample?: boolean }[] }) {
  const sample = organizations.find((organization) => organization.isSample);
  if (!sample) return null;
  return (
    <span className="flex items-center" aria-label={`${sample.name} is a sample organization`}>
      <SampleBadge long className="hidden sm:inline-flex" />
      <SampleBadge className="sm:hidden" />
    </span>
  );
}
