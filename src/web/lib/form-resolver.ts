import type { FieldErrors, FieldPath, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { firstMessageByField } from './server-form-errors.ts';

/**
 * A react-hook-form resolver for a form whose fields are not the request one to one: `toInput` turns
 * the fields' values into what the schema checks (comma-separated addresses into a list, an empty
 * seed into none, a chosen file's text), and each field gets the schema's first message whose path
 * starts with the field's name (`auditorEmails.1` → `auditorEmails`), so a list typed into one field
 * shows its problem on that field. `toInput` may be async (reading a file). For a form whose fields
 * are the request, `zodResolver(schema)` is the same thing.
 */
export function inputResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  toInput: (values: TValues) => unknown,
  /** The form's fields when some are nested (`scores.accuracy`): each issue goes to the longest field it lies under. */
  fields?: readonly FieldPath<TValues>[],
): Resolver<TValues, unknown, TOutput> {
  return async (values) => {
    const parsed = await schema.safeParseAsync(await toInput(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
      type: issue.code,
    }));
    const topLevel = [...new Set(issues.map((issue) => issue.path.split('.')[0] ?? ''))];
    const found = firstMessageByField(issues, fields ?? topLevel);
    const errors: Record<string, unknown> = {};
    for (const [field, message] of Object.entries(found)) {
      // Nested the way react-hook-form reads them: `scores.accuracy` as errors.scores.accuracy.
      const parts = field.split('.');
      let at = errors;
      for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
      at[parts.at(-1)!] = { type: 'validation', message };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
