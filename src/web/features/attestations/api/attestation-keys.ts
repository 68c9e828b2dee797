import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';

/** Query keys of attestation campaigns and of a person's invitation (the public page). */
export const attestationKeys = {
  all: [...PROGRAMME_ROOT, 'attestations'] as const,
  list: (organizationId: string | undefined) => [...PROGRAMME_ROOT, 'attestations', 'list', organizationId ?? 'mine'] as const,
  detail: (campaignId: string) => [...PROGRAMME_ROOT, 'attestations', 'detail', campaignId] as const,
  invitation: (token: string) => ['attestation-invitation', token] as const,
};
