import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type CreateTaskCommentInput, TASK_COMMENT_MAX, createTaskCommentInputSchema } from '../../../../shared/schemas/task-requests.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useCreateTaskComment, useTaskComments } from '../api/task-requests-api.ts';
import { formatMoment } from '../task-labels.ts';

/** The request's thread between the client and the team, with a form to add to it. */
export function TaskComments({ requestId, isLive, canComment }: { requestId: string; isLive: boolean; canComment: boolean }) {
  const id = useId();
  const comments = useTaskComments(requestId, isLive);
  const create = useCreateTaskComment(requestId);
  const form = useForm<CreateTaskCommentInput>({ resolver: zodResolver(createTaskCommentInputSchema), defaultValues: { body: '' } });
  const error = form.formState.errors.body?.message;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
        <MessageSquare className="size-5" aria-hidden /> Comments
      </h2>
      {comments.isPending ? <Spinner label="Loading comments" /> : null}
      {comments.isError ? (
        <Alert role="alert" variant="destructive">
          The comments could not be loaded.
        </Alert>
      ) : null}
      {comments.data?.comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet. Ask the team anything about this request.</p>
      ) : null}
      {comments.data && comments.data.comments.length > 0 ? (
        <ol className="grid gap-2" aria-label="Comment thread">
          {comments.data.comments.map((comment) => (
            <li key={comment.id} className={cn('rounded-lg border border-border p-3 text-sm', comment.isMine ? 'bg-primary/5' : 'bg-card')}>
              <p className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{comment.isMine ? 'You' : comment.authorName}</span>
                {comment.authorKind === 'staff' && !comment.isMine ? ' (ComplianceCore team)' : ''} ·{' '}
                <time dateTime={comment.createdAt}>{formatMoment(comment.createdAt)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{comment.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {canComment ? (
        <form
          noValidate
          className="grid gap-2"
          onSubmit={(event) =>
            void form
              .handleSubmit(async (values) => {
                await create.mutateAsync(values.body);
                form.reset();
              })(event)
              .catch(() => undefined)
          }
        >
          <FormField id={`${id}-body`} label="Add a comment" error={error}>
            <Textarea rows={3} maxLength={TASK_COMMENT_MAX} {...fieldControlProps(`${id}-body`, { error })} {...form.register('body')} />
          </FormField>
          <FormError
            message={create.isError ? (create.error instanceof ApiError ? create.error.message : 'The comment was not sent.') : null}
          />
          <Button type="submit" className="justify-self-end" disabled={create.isPending}>
            {create.isPending ? 'Sending…' : 'Send comment'}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
