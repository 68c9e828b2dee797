import { CheckCircle2, Pencil, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { TIMINGS } from '../../../../shared/constants.ts';
import {
  TASK_DEPARTMENTS,
  type TaskDepartment,
  WIZARD_DEMO_RESULT,
  type WizardStep,
  wizardProgress,
} from '../../../../shared/rules/demo-states.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { Panel, ScreenHeader } from './screen-parts.tsx';

const STEP_NAMES: Record<WizardStep, string> = { 1: 'Details', 2: 'AI Classification', 3: 'Review' };
const DEPARTMENT_LABELS: Record<TaskDepartment, string> = {
  compliance: 'Compliance',
  risk: 'Risk',
  legal: 'Legal',
  operations: 'Operations',
};

interface TaskDraft {
  title: string;
  description: string;
  department: TaskDepartment | '';
  deadline: string;
}

const EMPTY: TaskDraft = { title: '', description: '', department: '', deadline: '' };

/** Step 3: the request as entered and the (demo) AI classification. */
function DemoReview({ draft }: { draft: TaskDraft }) {
  return (
    <>
      <Panel>
        <h4 className="text-sm font-semibold">Your request</h4>
        <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">Title</dt>
          <dd>{draft.title}</dd>
          <dt className="text-muted-foreground">Department</dt>
          <dd>{draft.department ? DEPARTMENT_LABELS[draft.department] : ''}</dd>
          <dt className="text-muted-foreground">Deadline</dt>
          <dd>{draft.deadline || 'None'}</dd>
          <dt className="text-muted-foreground">Description</dt>
          <dd>{draft.description || 'None'}</dd>
        </dl>
      </Panel>
      <Panel>
        <h4 className="flex items-center gap-1.5 text-sm font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden /> AI classification
        </h4>
        <dl className="mt-2 grid grid-cols-3 gap-3 text-center">
          <div>
            <dt className="text-xs text-muted-foreground">Priority</dt>
            <dd className="font-semibold">{WIZARD_DEMO_RESULT.priority}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Complexity</dt>
            <dd className="font-semibold">{WIZARD_DEMO_RESULT.complexity}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Estimate</dt>
            <dd className="font-semibold">{WIZARD_DEMO_RESULT.estimate}</dd>
          </div>
        </dl>
      </Panel>
    </>
  );
}

/** After Submit Task: the task is queued; another can be created. */
function TaskSubmitted({ title, onAnother }: { title: string; onAnother: () => void }) {
  return (
    <Panel className="grid justify-items-center gap-3 py-10 text-center">
      <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
      <h3 className="text-base font-semibold">Task submitted</h3>
      <p className="max-w-sm text-sm text-muted-foreground">
        “{title}” is queued. An agent starts on it now and a reviewer checks the result.
      </p>
      <Button variant="outline" onClick={onAnother}>
        Create Another Task
      </Button>
    </Panel>
  );
}

/**
 * Create-task wizard (product.md §4): details → AI classification (moves on after 2 s) → review.
 * 'Edit Details' goes back to the details; progress is the step times 33.33.
 */
export function CreateTaskWizard() {
  const [step, setStep] = useState<WizardStep>(1);
  const [draft, setDraft] = useState<TaskDraft>(EMPTY);
  const [isSubmitted, setSubmitted] = useState(false);
  const id = useId();

  useEffect(() => {
    if (step !== 2) return;
    const timer = window.setTimeout(() => setStep(3), TIMINGS.wizardAiStepMs);
    return () => window.clearTimeout(timer);
  }, [step]);

  const update = (field: keyof TaskDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  if (isSubmitted) {
    return (
      <TaskSubmitted
        title={draft.title}
        onAnother={() => {
          setDraft(EMPTY);
          setSubmitted(false);
          setStep(1);
        }}
      />
    );
  }

  const progress = wizardProgress(step);
  return (
    <div className="grid gap-4">
      <ScreenHeader title="Create a task request" subtitle={`Step ${step} of 3: ${STEP_NAMES[step]}`} />
      <Progress value={progress} aria-label="Task request progress" aria-valuetext={`${progress}%`} />
      {step === 1 ? (
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setStep(2);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              value={draft.title}
              onChange={update('title')}
              placeholder="e.g. Vendor assessment for CloudPay"
              required
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea id={`${id}-description`} value={draft.description} onChange={update('description')} rows={3} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-department`}>Department</Label>
              <NativeSelect id={`${id}-department`} value={draft.department} onChange={update('department')} required>
                <option value="">Choose a department</option>
                {TASK_DEPARTMENTS.map((department) => (
                  <option key={department} value={department}>
                    {DEPARTMENT_LABELS[department]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-deadline`}>Deadline</Label>
              <Input id={`${id}-deadline`} type="date" value={draft.deadline} onChange={update('deadline')} />
            </div>
          </div>
          <Button type="submit" className="justify-self-end" disabled={!draft.title.trim() || !draft.department}>
            <Sparkles aria-hidden /> Classify with AI
          </Button>
        </form>
      ) : null}
      {step === 2 ? (
        <Panel className="py-8">
          <Spinner label="AI is classifying your request…" className="p-0" />
        </Panel>
      ) : null}
      {step === 3 ? (
        <div className="grid gap-3">
          <DemoReview draft={draft} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setStep(1)}>
              <Pencil aria-hidden /> Edit Details
            </Button>
            <Button onClick={() => setSubmitted(true)}>Submit Task</Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
