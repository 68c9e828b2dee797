import { z } from 'zod';
import { frameworkIdList } from '../../../shared/schemas/frameworks.ts';
import { CATALOGUE_FRAMEWORK_IDS } from '../../../shared/schemas/programme-statuses.ts';

/**
 * The frameworks tab's URL state: `framework=<id>` opens a framework page, `from=<id>` its crosswalk
 * ("we have <from>; what does <framework> add?"), where `from` may list several ("soc2,iso27001": the
 * organization's active frameworks together). An unknown id falls back to the catalogue.
 */
export const frameworkSearchSchema = z.object({
  framework: z.enum(CATALOGUE_FRAMEWORK_IDS).optional().catch(undefined),
  from: z.string().optional().catch(undefined),
});
export type FrameworkSearch = z.infer<typeof frameworkSearchSchema>;

export function parseFrameworkSearch(params: URLSearchParams): FrameworkSearch {
  const search = frameworkSearchSchema.parse({ framework: params.get('framework') ?? undefined, from: params.get('from') ?? undefined });
  // A crosswalk needs a target, and one framework does not add anything to itself.
  const from = frameworkIdList(search.from ?? '').filter((id) => id !== search.framework);
  if (!search.framework || from.length === 0) return { framework: search.framework };
  return { framework: search.framework, from: from.join(',') };
}
