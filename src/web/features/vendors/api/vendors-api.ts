import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UpdateVendorInput, type VendorInput, vendorListSchema, vendorSchema } from '../../../../shared/schemas/vendors.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { type VendorFilters, vendorKeys } from './vendor-keys.ts';

/** GET /api/v1/vendors (listVendors): the register, filtered. */
export function useVendors(organizationId: string | undefined, filters: VendorFilters = {}) {
  return useQuery({
    queryKey: vendorKeys.list(organizationId, filters),
    queryFn: ({ signal }) => apiFetch('/api/v1/vendors', { query: { organizationId, ...filters }, schema: vendorListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/vendors/:vendorId (getVendor) */
export function useVendor(vendorId: string | null) {
  return useQuery({
    queryKey: vendorKeys.detail(vendorId ?? 'none'),
    queryFn: ({ signal }) => apiFetch(`/api/v1/vendors/${vendorId}`, { schema: vendorSchema, signal }),
    enabled: vendorId !== null,
  });
}

export type VendorSave = { vendorId: null; input: VendorInput } | { vendorId: string; input: UpdateVendorInput };

/** POST /api/v1/vendors (createVendor) or PATCH /api/v1/vendors/:vendorId (updateVendor) */
export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, input }: VendorSave) =>
      vendorId
        ? apiFetch(`/api/v1/vendors/${vendorId}`, { method: 'PATCH', body: input, schema: vendorSchema })
        : apiFetch('/api/v1/vendors', { method: 'POST', body: input, schema: vendorSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}
