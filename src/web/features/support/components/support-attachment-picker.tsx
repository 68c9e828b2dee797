import { SUPPORT_ATTACHMENTS_MAX } from '../../../../shared/schemas/support.ts';
import { AttachmentPicker } from '../../../components/attachment-picker.tsx';
import type { SupportUploads } from './use-support-uploads.ts';

/** The attachment picker with support's limit and hint (a new request's form and a thread's reply). */
export function SupportAttachmentPicker({ id, uploads }: { id: string; uploads: SupportUploads }) {
  return (
    <AttachmentPicker
      id={id}
      uploads={uploads}
      max={SUPPORT_ATTACHMENTS_MAX}
      description={`Up to ${SUPPORT_ATTACHMENTS_MAX} files of 10 MB: PDF, PNG, JPEG, text, CSV, Word or Excel.`}
    />
  );
}
