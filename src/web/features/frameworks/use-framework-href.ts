import { useSearchParams } from 'react-router';
import { frameworkPagePath } from '../../../shared/schemas/frameworks.ts';

/**
 * Links inside the frameworks tab: the framework page, its crosswalk or a requirement, keeping the
 * staff member's chosen organization (`org=`). `null` is the catalogue itself.
 */
export function useFrameworkHref(): (frameworkId: string | null, options?: { from?: string; ref?: string }) => string {
  const [params] = useSearchParams();
  const organizationId = params.get('org') ?? undefined;
  return (frameworkId, options = {}) => {
    if (frameworkId) return frameworkPagePath(frameworkId, { ...options, organizationId });
    const catalogue = new URLSearchParams({ tab: 'frameworks' });
    if (organizationId) catalogue.set('org', organizationId);
    return `/dashboard-compliancecore?${catalogue.toString()}`;
  };
}
