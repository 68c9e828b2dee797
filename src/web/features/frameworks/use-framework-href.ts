import { useSearchParams } from 'react-router';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/**
 * Links inside the frameworks tab: the framework page, its crosswalk or a requirement, keeping the
 * staff member's chosen organization (`org=`). `null` is the catalogue itself.
 */
export function useFrameworkHref(): (frameworkId: string | null, options?: { from?: string; ref?: string }) => string {
  const [params] = useSearchParams();
  const organizationId = params.get('org') ?? undefined;
  return (frameworkId, options = {}) => workspaceHref.framework(frameworkId, { ...options, organizationId });
}
