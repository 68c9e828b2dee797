import { Badge } from '../../../components/ui/badge.tsx';

/**
 * The mark of the sample organization (docs/sample-data.md), wherever it is shown: the organizations list,
 * the workspace header of someone signed in to it, the organization pickers.
 */
export function SampleBadge({ className }: { className?: string }) {
  return (
    <Badge tone="yellow" className={className} title="Sample data loaded by our team, not a client">
      Sample
    </Badge>
  );
}

/** The header's mark: shown while the signed-in user's organizations include the sample. */
export function SampleOrganizationMark({ organizations }: { organizations: readonly { name: string; isSample?: boolean }[] }) {
  const sample = organizations.find((organization) => organization.isSample);
  if (!sample) return null;
  return (
    <span className="flex items-center" aria-label={`${sample.name} is a sample organization`}>
      {/* The short word at every width: the header (max-w-7xl) has no room for the long one beside the
          main navigation and the account links, whose words it pushed onto two lines. The label says it all. */}
      <SampleBadge />
    </span>
  );
}
