import type { VendorDataCategory, VendorStatus } from '../../../../shared/schemas/vendors.ts';
import { PROGRAMME_ROOT } from '../../../lib/query-roots.ts';

/** What the register filters by (listVendors' query without the organization). */
export interface VendorFilters {
  status?: VendorStatus;
  tier?: number;
  dataCategory?: VendorDataCategory;
  subProcessor?: 'true' | 'false';
  reviewDue?: 'true' | 'false';
  q?: string;
}

/**
 * Query keys of vendors, one factory so invalidation cannot miss a variant. Under the programme's root:
 * a register import (which refreshes the programme) refreshes the vendors too.
 */
export const vendorKeys = {
  all: [...PROGRAMME_ROOT, 'vendors'] as const,
  list: (organizationId: string | undefined, filters: VendorFilters) =>
    [...PROGRAMME_ROOT, 'vendors', 'list', organizationId ?? 'mine', filters] as const,
  detail: (vendorId: string) => [...PROGRAMME_ROOT, 'vendors', 'detail', vendorId] as const,
  documents: (vendorId: string) => [...PROGRAMME_ROOT, 'vendors', 'documents', vendorId] as const,
  extraction: (vendorId: string, documentId: string) => [...PROGRAMME_ROOT, 'vendors', 'documents', vendorId, documentId] as const,
};
