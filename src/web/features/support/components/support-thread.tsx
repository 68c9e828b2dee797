import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Paperclip } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_STATUSES,
  SUPPORT_STATUS_LABELS,
  type SupportAttachment,
  type SupportRequestDetail,
  type SupportStatus,
  replyToSupportRequestInputSchema,
} from '../../../../shared/schemas/support.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, apiDownload } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useReplyToSupportRequest, useSupportRequest, useUpdateSupportRequestStatus } from '../api/support-api.ts';
import { formatSupportMoment } from '../support-labels.ts';
import { SlaClock, SupportPriorityBadge, SupportStatusBadge } from './support-badges.tsx';
import { SupportAttachmentPicker } from './support-attachment-picker.tsx';
import { useSupportUploads } from './use-support-uploads.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

async function download(file: SupportAttachment) {
  const { blob } = await apiDownload(`/api/v1/support-attachments/${file.id}`);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.fileName;
  anchor.click();
  URL.revokeObjectURL(url);
}

/** One request's thread: its state, the messages with their files, a reply form and the status controls. */
export function SupportThread({ id, isStaff }: { id: string; isStaff: boolean }) {
  const request = useSupportRequest(id);
  return (
    <section aria-labelledby="support-thread-heading" className="grid gap-4">
      <Link
        to={workspaceHref.support()}
        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {isStaff ? 'Back to the support queue' : 'Back to your support requests'}
      </Link>
      {request.isPending ? <Spinner label="Loading the support request" /> : null}
      {request.isError ? (
        <Alert role="alert" variant="destructive">
          {request.error instanceof ApiError && request.error.status === 404
            ? 'This support request does not exist, or it belongs to an organization you cannot see.'
            : 'The support request could not be loaded. Try again in a moment.'}
        </Alert>
      ) : null}
      {request.data ? <ThreadBody request={request.data} isStaff={isStaff} /> : null}
    </section>
  );
}

function ThreadBody({ request, isStaff }: { request: SupportRequestDetail; isStaff: boolean }) {
  return (
    <>
      <header className="grid gap-2">
        <h3 id="support-thread-heading" className="text-xl font-semibold break-words">
          {request.subject}
        </h3>
        <div className="flex flex-wrap items-center gap-1.5">
          <SupportStatusBadge status={request.status} isStaff={isStaff} />
          <SupportPriorityBadge priority={request.priority} />
          {isStaff ? <SlaClock sla={request.sla} /> : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {SUPPORT_CATEGORY_LABELS[request.category]}
          {isStaff ? ` · ${request.organizationName} · opened by ${request.requesterName}` : ''} · opened{' '}
          <time dateTime={request.createdAt}>{formatSupportMoment(request.createdAt)}</time>
        </p>
      </header>
      <ol className="grid gap-2" aria-label="Messages">
        {request.messages.map((message) => (
          <li key={message.id} className={cn('rounded-lg border border-border p-3 text-sm', message.isMine ? 'bg-primary/5' : 'bg-card')}>
            <p className="text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{message.isMine ? 'You' : message.authorName}</span>
              {message.authorKind === 'staff' && !message.isMine ? ' (ComplianceCore team)' : ''} ·{' '}
              <time dateTime={message.createdAt}>{formatSupportMoment(message.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{message.body}</p>
            {message.attachments.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Files">
                {message.attachments.map((file) => (
                  <li key={file.id}>
                    <Button type="button" variant="outline" size="sm" onClick={() => void download(file)}>
                      <Paperclip aria-hidden /> {file.fileName}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      <ReplyForm request={request} />
      <StatusControls request={request} isStaff={isStaff} />
    </>
  );
}

function ReplyForm({ request }: { request: SupportRequestDetail }) {
  const id = useId();
  const uploads = useSupportUploads(request.organizationId);
  const reply = useReplyToSupportRequest(request.id);
  const form = useForm<{ body: string }>({
    resolver: zodResolver(replyToSupportRequestInputSchema.pick({ body: true })),
    defaultValues: { body: '' },
  });
  const error = form.formState.errors.body?.message;
  return (
    <form
      noValidate
      aria-label="Reply"
      className="grid gap-3 rounded-lg border border-border p-3"
      onSubmit={(event) =>
        void form
          .handleSubmit(async (values) => {
            await reply.mutateAsync({ body: values.body, attachmentIds: uploads.attachmentIds });
            form.reset();
            uploads.reset();
          })(event)
          .catch(() => undefined)
      }
    >
      <FormField id={`${id}-body`} label="Reply" error={error}>
        <Textarea rows={4} maxLength={SUPPORT_MESSAGE_MAX} {...fieldControlProps(`${id}-body`, { error })} {...form.register('body')} />
      </FormField>
      <SupportAttachmentPicker id={`${id}-files`} uploads={uploads} />
      <FormError message={reply.isError ? errorText(reply.error, 'The reply was not sent. Try again.') : null} />
      <Button type="submit" className="justify-self-end" disabled={reply.isPending || uploads.isUploading || uploads.hasFailed}>
        {reply.isPending ? 'Sending…' : 'Send reply'}
      </Button>
    </form>
  );
}

function StatusControls({ request, isStaff }: { request: SupportRequestDetail; isStaff: boolean }) {
  const id = useId();
  const update = useUpdateSupportRequestStatus(request.id);
  const [chosen, setChosen] = useState<SupportStatus>(request.status);
  const isFinished = request.status === 'resolved' || request.status === 'closed';
  return (
    <div className="grid gap-2">
      {isStaff ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <NativeSelect
              id={`${id}-status`}
              value={chosen}
              onChange={(event) => setChosen(SUPPORT_STATUSES.find((value) => value === event.target.value) ?? request.status)}
            >
              {SUPPORT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value === 'waiting_on_client' ? 'Waiting on the client' : SUPPORT_STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            type="button"
            variant="outline"
            disabled={update.isPending || chosen === request.status}
            onClick={() => update.mutate(chosen)}
          >
            Update status
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {request.status !== 'closed' ? (
            <Button type="button" variant="outline" disabled={update.isPending} onClick={() => update.mutate('closed')}>
              Close request
            </Button>
          ) : null}
          {isFinished ? (
            <Button type="button" variant="outline" disabled={update.isPending} onClick={() => update.mutate('open')}>
              Reopen request
            </Button>
          ) : null}
        </div>
      )}
      <FormError message={update.isError ? errorText(update.error, 'The status was not changed. Try again.') : null} />
    </div>
  );
}
