import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { AI_SUGGESTION_DEFAULTS } from '../../../../shared/constants.ts';
import { PRIORITY_MAX, PRIORITY_MIN, SUGGESTION_CATEGORIES } from '../../../../shared/schemas/advisor.ts';
import { type StepFormValues, type StepInput, stepInputSchema } from '../../../../shared/schemas/assistant-plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { PRIORITY_LABELS, categoryLabel } from '../plan-labels.ts';

const priorities = Array.from({ length: PRIORITY_MAX - PRIORITY_MIN + 1 }, (_, index) => PRIORITY_MIN + index);

/** Adds or edits a step, validated with the schema the server uses. */
export function StepForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  isPending,
}: {
  initial?: Partial<StepFormValues>;
  submitLabel: string;
  onSubmit: (values: StepFormValues) => Promise<unknown>;
  onCancel?: () => void;
  isPending: boolean;
}) {
  const id = useId();
  const form = useForm<StepInput, unknown, StepFormValues>({
    resolver: zodResolver(stepInputSchema),
    defaultValues: {
      title: initial?.title ?? '',
      description: initial?.description ?? '',
      category: initial?.category ?? AI_SUGGESTION_DEFAULTS.category,
      priority: initial?.priority ?? AI_SUGGESTION_DEFAULTS.priority,
    },
  });
  const { errors } = form.formState;
  const categories: string[] = [...SUGGESTION_CATEGORIES];
  const current = initial?.category;
  if (current && !categories.includes(current)) categories.push(current);

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          await onSubmit(values);
          if (!initial) form.reset();
        })(event)
      }
    >
      <FormField id={`${id}-title`} label="Step title" error={errors.title?.message} required>
        <Input {...fieldControlProps(`${id}-title`, { error: errors.title?.message })} aria-required {...form.register('title')} />
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
        <Textarea
          rows={3}
          {...fieldControlProps(`${id}-description`, { error: errors.description?.message })}
          {...form.register('description')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-category`} label="Category">
          <NativeSelect id={`${id}-category`} {...form.register('category')}>
            {categories.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-priority`} label="Priority">
          <NativeSelect id={`${id}-priority`} {...form.register('priority', { valueAsNumber: true })}>
            {priorities.map((priority) => (
              <option key={priority} value={priority}>
                {`${PRIORITY_LABELS[priority]} (P${priority})`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isPending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
