import { useCallback, useState } from 'react';
import { SUPPORT_ATTACHMENTS_MAX } from '../../../../shared/schemas/support.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadSupportAttachment } from '../api/upload-support-attachment.ts';

export interface SupportUpload {
  key: string;
  fileName: string;
  status: 'uploading' | 'done' | 'failed';
  attachmentId?: string;
  error?: string;
}

/** Files on a support message: each uploads when chosen; the message then names the uploaded ids. */
export function useSupportUploads(organizationId?: string) {
  const [uploads, setUploads] = useState<SupportUpload[]>([]);

  const patch = useCallback((key: string, change: Partial<SupportUpload>) => {
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const accepted = files.slice(0, Math.max(0, SUPPORT_ATTACHMENTS_MAX - uploads.length));
      const started = accepted.map((file) => ({ file, key: crypto.randomUUID() }));
      setUploads((current) => [
        ...current,
        ...started.map(({ file, key }) => ({ key, fileName: file.name, status: 'uploading' as const })),
      ]);
      for (const { file, key } of started) {
        uploadSupportAttachment(file, { organizationId })
          .then((uploaded) => patch(key, { status: 'done', attachmentId: uploaded.id }))
          .catch((error: unknown) =>
            patch(key, { status: 'failed', error: error instanceof ApiError ? error.message : 'The upload failed. Try again.' }),
          );
      }
      return files.length - accepted.length;
    },
    [organizationId, patch, uploads.length],
  );

  const remove = useCallback((key: string) => setUploads((current) => current.filter((upload) => upload.key !== key)), []);
  const reset = useCallback(() => setUploads([]), []);

  return {
    uploads,
    add,
    remove,
    reset,
    isUploading: uploads.some((upload) => upload.status === 'uploading'),
    hasFailed: uploads.some((upload) => upload.status === 'failed'),
    attachmentIds: uploads.flatMap((upload) => (upload.attachmentId ? [upload.attachmentId] : [])),
  };
}

export type SupportUploads = ReturnType<typeof useSupportUploads>;
