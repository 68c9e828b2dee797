import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddTrustDocumentInput,
  type DecideTrustAccessInput,
  type TrustCenterSettings,
  type UpdateTrustCenterInput,
  trustAccessRequestListSchema,
  trustAccessRequestSchema,
  trustCenterSettingsSchema,
  trustDocumentSchema,
} from '../../../../shared/schemas/trust-center.ts';
import { apiFetch, retryUnlessRefused } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { trustCenterKeys } from './trust-center-keys.ts';

const query = (organizationId: string | undefined) => (organizationId ? { organizationId } : {});

/** GET /api/v1/trust-center (getTrustCenterSettings). */
export function useTrustCenterSettings(organizationId: string | undefined) {
  return useQuery({
    queryKey: trustCenterKeys.settings(organizationId),
    queryFn: () => apiFetch('/api/v1/trust-center', { query: query(organizationId), schema: trustCenterSettingsSchema }),
    retry: retryUnlessRefused(2),
  });
}

/** GET /api/v1/trust-center/access-requests (listTrustAccessRequests). */
export function useTrustAccessRequests(organizationId: string | undefined) {
  return useQuery({
    queryKey: trustCenterKeys.requests(organizationId),
    queryFn: () => apiFetch('/api/v1/trust-center/access-requests', { query: query(organizationId), schema: trustAccessRequestListSchema }),
    retry: retryUnlessRefused(2),
    refetchInterval: 60_000,
  });
}

function useSettled(organizationId: string | undefined) {
  const client = useQueryClient();
  return (settings?: TrustCenterSettings) => {
    if (settings) client.setQueryData(trustCenterKeys.settings(organizationId), settings);
    else void client.invalidateQueries({ queryKey: trustCenterKeys.settings(organizationId) });
  };
}

/** PUT /api/v1/trust-center (updateTrustCenter). */
export function useUpdateTrustCenter(organizationId: string | undefined) {
  const settled = useSettled(organizationId);
  return useMutation({
    mutationFn: (input: UpdateTrustCenterInput) =>
      apiFetch('/api/v1/trust-center', { method: 'PUT', body: input, schema: trustCenterSettingsSchema }),
    onSuccess: (settings) => settled(settings),
  });
}

/** POST /api/v1/trust-center/documents (uploadTrustDocument): the file as the raw body. */
export function useUploadTrustDocument(organizationId: string | undefined) {
  const settled = useSettled(organizationId);
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload('/api/v1/trust-center/documents', {
        body: file,
        query: { fileName: file.name, ...query(organizationId) },
        schema: trustDocumentSchema,
        tooLargeMessage: 'The file is larger than 10 MB.',
      }),
    onSuccess: () => settled(),
  });
}

/** POST /api/v1/trust-center/documents/picked (addTrustDocument). */
export function useAddTrustDocument(organizationId: string | undefined) {
  const settled = useSettled(organizationId);
  return useMutation({
    mutationFn: (input: AddTrustDocumentInput) =>
      apiFetch('/api/v1/trust-center/documents/picked', {
        method: 'POST',
        body: { ...input, ...query(organizationId) },
        schema: trustDocumentSchema,
      }),
    onSuccess: () => settled(),
  });
}

/** POST /api/v1/trust-center/access-requests/:id/decision (decideTrustAccess). */
export function useDecideTrustAccess(organizationId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: DecideTrustAccessInput & { id: string }) =>
      apiFetch(`/api/v1/trust-center/access-requests/${id}/decision`, { method: 'POST', body: input, schema: trustAccessRequestSchema }),
    onSettled: () => void client.invalidateQueries({ queryKey: trustCenterKeys.requests(organizationId) }),
  });
}
