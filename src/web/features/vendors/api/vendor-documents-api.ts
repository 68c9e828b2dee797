import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConfirmVendorDocumentInput,
  VENDOR_DOCUMENT_UPLOAD_MAX_BYTES,
  vendorDocumentExtractionSchema,
  vendorDocumentListSchema,
  vendorDocumentSchema,
} from '../../../../shared/schemas/vendor-documents.ts';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { vendorKeys } from './vendor-keys.ts';

/** How often a list with a document still being read asks again. */
const READING_POLL_MS = 2_000;

/** GET /api/v1/vendors/:vendorId/documents (listVendorDocuments): polls while one is being read. */
export function useVendorDocuments(vendorId: string) {
  return useQuery({
    queryKey: vendorKeys.documents(vendorId),
    queryFn: ({ signal }) => apiFetch(`/api/v1/vendors/${vendorId}/documents`, { schema: vendorDocumentListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.documents.some((document) => document.status === 'reading') ? READING_POLL_MS : false),
  });
}

/** GET …/documents/:documentId/extraction (getVendorDocumentExtraction) */
export function useVendorDocumentExtraction(vendorId: string, documentId: string) {
  return useQuery({
    queryKey: vendorKeys.extraction(vendorId, documentId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/vendors/${vendorId}/documents/${documentId}/extraction`, { schema: vendorDocumentExtractionSchema, signal }),
  });
}

/** POST /api/v1/vendors/:vendorId/documents (uploadVendorDocument): multipart, one `file` part, with progress. */
export function useUploadVendorDocument(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiUpload(`/api/v1/vendors/${vendorId}/documents`, {
        body: form,
        schema: vendorDocumentSchema,
        onProgress,
        tooLargeMessage: `This file is too large (at most ${VENDOR_DOCUMENT_UPLOAD_MAX_BYTES / 1_048_576} MB).`,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.documents(vendorId) }),
  });
}

/** POST …/documents/:documentId/confirmation (confirmVendorDocumentExtraction): the vendor changes too (residual risk, risks). */
export function useConfirmVendorDocument(vendorId: string, documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmVendorDocumentInput) =>
      apiFetch(`/api/v1/vendors/${vendorId}/documents/${documentId}/confirmation`, {
        method: 'POST',
        body: input,
        schema: vendorDocumentExtractionSchema,
      }),
    onSuccess: (confirmed) => {
      queryClient.setQueryData(vendorKeys.extraction(vendorId, documentId), confirmed);
      return queryClient.invalidateQueries({ queryKey: vendorKeys.all });
    },
  });
}

/** GET …/documents/:documentId/file (downloadVendorDocument): the file as uploaded, saved by the browser. */
export function useDownloadVendorDocument(vendorId: string) {
  return useMutation({
    mutationFn: async ({ documentId, fallbackName }: { documentId: string; fallbackName: string }) => {
      const { blob, fileName } = await apiDownload(`/api/v1/vendors/${vendorId}/documents/${documentId}/file`);
      saveBlob(blob, fileName ?? fallbackName);
    },
  });
}
