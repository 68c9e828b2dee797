import { useCallback, useEffect, useRef, useState } from 'react';
import { TASK_ATTACHMENTS_MAX } from '../../../../shared/schemas/task-requests.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadAttachment } from '../api/upload-attachment.ts';

export interface AttachmentUpload {
  key: string;
  fileName: string;
  sizeBytes: number;
  /** 0 to 1. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  attachmentId?: string;
  error?: string;
}

/**
 * The wizard's attachments: each file uploads as soon as it is chosen (the request then names the
 * uploaded ids), with its own progress and error. At most TASK_ATTACHMENTS_MAX files.
 */
export function useAttachmentUploads() {
  const [uploads, setUploads] = useState<AttachmentUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<AttachmentUpload>) => {
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const room = Math.max(0, TASK_ATTACHMENTS_MAX - uploads.length);
      const accepted = files.slice(0, room);
      const started = accepted.map((file) => ({ file, key: crypto.randomUUID() }));
      setUploads((current) => [
        ...current,
        ...started.map(({ file, key }) => ({ key, fileName: file.name, sizeBytes: file.size, progress: 0, status: 'uploading' as const })),
      ]);
      for (const { file, key } of started) {
        const controller = new AbortController();
        controllers.current.set(key, controller);
        uploadAttachment(file, (progress) => patch(key, { progress }), controller.signal)
          .then((uploaded) => patch(key, { status: 'done', progress: 1, attachmentId: uploaded.id }))
          .catch((error: unknown) => {
            if (error instanceof DOMException && error.name === 'AbortError') return;
            patch(key, { status: 'failed', error: error instanceof ApiError ? error.message : 'The upload failed. Try again.' });
          })
          .finally(() => controllers.current.delete(key));
      }
      return files.length - accepted.length;
    },
    [patch, uploads.length],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setUploads((current) => current.filter((upload) => upload.key !== key));
  }, []);

  return {
    uploads,
    add,
    remove,
    isUploading: uploads.some((upload) => upload.status === 'uploading'),
    hasFailed: uploads.some((upload) => upload.status === 'failed'),
    attachmentIds: uploads.flatMap((upload) => (upload.attachmentId ? [upload.attachmentId] : [])),
  };
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
