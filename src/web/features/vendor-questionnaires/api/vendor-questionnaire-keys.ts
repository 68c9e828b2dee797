import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';

/**
 * Query keys of vendor questionnaires, one factory so invalidation cannot miss a variant. A vendor's
 * list sits under the programme's root beside the vendors; the vendor's own page (a link, no account) has its own.
 */
export const vendorQuestionnaireKeys = {
  all: [...PROGRAMME_ROOT, 'vendor-questionnaires'] as const,
  forVendor: (vendorId: string) => [...PROGRAMME_ROOT, 'vendor-questionnaires', 'vendor', vendorId] as const,
  link: (token: string) => ['vendor-questionnaire-link', token] as const,
};
