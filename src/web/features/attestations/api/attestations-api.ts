import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AcknowledgePolicyInput,
  acknowledgementReceiptSchema,
  attestationCampaignDetailSchema,
  attestationCampaignListSchema,
  attestationInvitationSchema,
  type CreateAttestationCampaignInput,
} from '../../../../shared/schemas/attestations.ts';
import { apiFetch, retryUnlessRefused } from '../../../lib/api-client.ts';
import { attestationKeys } from './attestation-keys.ts';

/** GET /api/v1/attestation-campaigns (listAttestationCampaigns) */
export function useAttestationCampaigns(organizationId: string | undefined) {
  return useQuery({
    queryKey: attestationKeys.list(organizationId),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/attestation-campaigns', { query: { organizationId }, schema: attestationCampaignListSchema, signal }),
  });
}

/** GET /api/v1/attestation-campaigns/:campaignId (getAttestationCampaign) */
export function useAttestationCampaign(campaignId: string | null) {
  return useQuery({
    queryKey: attestationKeys.detail(campaignId ?? 'none'),
    queryFn: ({ signal }) => apiFetch(`/api/v1/attestation-campaigns/${campaignId}`, { schema: attestationCampaignDetailSchema, signal }),
    enabled: campaignId !== null,
  });
}

/** POST /api/v1/attestation-campaigns (createAttestationCampaign) */
export function useCreateAttestationCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAttestationCampaignInput) =>
      apiFetch('/api/v1/attestation-campaigns', { method: 'POST', body: input, schema: attestationCampaignDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attestationKeys.all }),
  });
}

/** GET /api/v1/attestation (getAttestationInvitation): the person's side, no sign-in. */
export function useAttestationInvitation(token: string) {
  return useQuery({
    queryKey: attestationKeys.invitation(token),
    queryFn: () => apiFetch('/api/v1/attestation', { query: { token }, schema: attestationInvitationSchema, token: null }),
    enabled: token !== '',
    retry: retryUnlessRefused(2),
  });
}

/** POST /api/v1/attestation/acknowledgements (acknowledgePolicy) */
export function useAcknowledgePolicy(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<AcknowledgePolicyInput, 'token'>) =>
      apiFetch('/api/v1/attestation/acknowledgements', {
        method: 'POST',
        body: { ...input, token },
        schema: acknowledgementReceiptSchema,
        token: null,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attestationKeys.invitation(token) }),
  });
}
