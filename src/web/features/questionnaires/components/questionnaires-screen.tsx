import { BookOpen, FileSpreadsheet } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverFormErrors } from '../../../lib/server-form-errors.ts';
import { useAnswerLibrary, useCreateQuestionnaire, useQuestionnaires } from '../api/questionnaires-api.ts';
import { QuestionnaireDetail } from './questionnaire-detail.tsx';
import type { QuestionAssignee } from './question-review.tsx';

function UploadForm({ organizationId, onCreated }: { organizationId: string | undefined; onCreated: (id: string) => void }) {
  const id = useId();
  const create = useCreateQuestionnaire();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setFailure('Choose the questionnaire file (.xlsx, .csv or .docx).');
      return;
    }
    setFailure(null);
    try {
      onCreated((await create.mutateAsync({ file, organizationId })).id);
    } catch (error) {
      const found = serverFormErrors(error, ['file'], 'The questionnaire could not be uploaded. Try again.');
      setFailure(found.fields.file ?? found.message);
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-end"
    >
      <div className="grid flex-1 gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Questionnaire file
        </label>
        <input id={id} name="file" type="file" accept=".xlsx,.csv,.docx" className="text-sm" aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Excel (.xlsx), CSV or Word (.docx), at most 10 MB and 5,000 questions. Macro-enabled files are refused.
        </p>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Uploading…' : 'Upload'}
      </Button>
      <div className="sm:basis-full">
        <FormError message={failure} />
      </div>
    </form>
  );
}

function AnswerLibrarySection({ organizationId }: { organizationId: string | undefined }) {
  const library = useAnswerLibrary(organizationId);
  if (library.isPending) return <Spinner label="Loading the answer library" />;
  if (library.isError) return <LoadFailed title="The answer library could not be loaded." onRetry={() => void library.refetch()} />;
  const answers = library.data.answers;
  if (answers.length === 0) {
    return (
      <EmptyState icon={BookOpen} title="The answer library is empty">
        Activate a framework, set your controls’ status and add evidence: the library is built from them.
      </EmptyState>
    );
  }
  const needsReview = answers.filter((answer) => answer.needsReview).length;
  return (
    <details className="rounded-lg border border-border p-4">
      <summary className="cursor-pointer font-semibold">
        Answer library: {answers.length} answers{needsReview ? `, ${needsReview} to review` : ''}
      </summary>
      <ul className="mt-3 max-h-96 space-y-2 overflow-y-auto">
        {answers.map((answer) => (
          <li key={answer.id} className="text-sm">
            <span className="font-medium">{answer.topic}</span> <Badge>{answer.kind}</Badge>{' '}
            {answer.needsReview ? <Badge tone="yellow">Review: {answer.reviewReason}</Badge> : null}
            <p className="text-muted-foreground">
              {answer.answer} · {answer.owner ? `Owner ${answer.owner.name}` : 'No owner'} · last reviewed{' '}
              {answer.lastReviewedAt?.slice(0, 10) ?? 'never'}
            </p>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The Questionnaires tab: upload, the organization's questionnaires, the one chosen, and the answer library. */
export function QuestionnairesScreen({
  organizationId,
  picker,
  selectedId,
  onSelect,
  canReview,
  assignees,
}: {
  organizationId: string | undefined;
  picker: ReactNode;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  canReview: boolean;
  /** Who a question can be handed to: the organization's members. */
  assignees: readonly QuestionAssignee[];
}) {
  const list = useQuestionnaires(organizationId);
  return (
    <section aria-labelledby="questionnaires-heading" className="space-y-4">
      <h2 id="questionnaires-heading" className="text-xl font-semibold">
        Security questionnaires
      </h2>
      {picker}
      {canReview ? <UploadForm organizationId={organizationId} onCreated={onSelect} /> : null}
      {list.isPending ? <Spinner label="Loading the questionnaires" /> : null}
      {list.isError ? <LoadFailed title="The questionnaires could not be loaded." onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.questionnaires.length === 0 ? (
        <EmptyState icon={FileSpreadsheet} title="No questionnaires yet">
          Upload a customer’s questionnaire: its questions are answered from your answer library, with sources, for you to review.
        </EmptyState>
      ) : null}
      {list.data && list.data.questionnaires.length > 0 ? (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {list.data.questionnaires.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <button
                type="button"
                className="text-left font-medium underline-offset-4 hover:underline"
                onClick={() => onSelect(item.id)}
                aria-current={item.id === selectedId ? 'true' : undefined}
              >
                {item.name}
              </button>
              <span className="text-sm text-muted-foreground">
                {item.counts.answered} of {item.progress.total || item.counts.answered + item.counts.unanswered} answered · {item.status}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {selectedId ? <QuestionnaireDetail key={selectedId} id={selectedId} canReview={canReview} assignees={assignees} /> : null}
      <AnswerLibrarySection organizationId={organizationId} />
    </section>
  );
}
