import type { FieldPath, FieldValues, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * What a failed request means for a form: the first message the server gave for each of the form's
 * fields (its error body's `issues`, `src/shared/errors.ts`), and the message for the form as a whole
 * when no field took one. An issue belongs to the longest field whose path it equals or lies under
 * (`company.name` to `company.name`, `items.0.label` to `items`); an issue for no field of the form
 * is left to the form's message. Anything that is not an `ApiError` gets `fallback`.
 */
export function serverFormErrors<TField extends string>(
  error: unknown,
  fields: readonly TField[],
  fallback: string,
): { fields: Partial<Record<TField, string>>; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const found = firstMessageByField(error.issues, fields);
  return { fields: found, message: Object.keys(found).length > 0 ? null : error.message };
}

/** The first message for each field, an issue going to the longest field whose path it equals or lies under. */
export function firstMessageByField<TField extends string>(
  issues: readonly { path: string; message: string }[],
  fields: readonly TField[],
): Partial<Record<TField, string>> {
  const found: Partial<Record<TField, string>> = {};
  const byLength = [...fields].sort((a, b) => b.length - a.length);
  for (const issue of issues) {
    const field = byLength.find((name) => issue.path === name || issue.path.startsWith(`${name}.`));
    if (field && found[field] === undefined) found[field] = issue.message;
  }
  return found;
}

/**
 * The same for a react-hook-form form: each field's message goes on the field (`setError`), the first
 * of `fields` (list them in the page's order) that took one gets the focus, and the form's message
 * is returned (null when a field took the problem), for the form's `FormError` or toast.
 */
export function setServerFormErrors<TValues extends FieldValues>(
  form: { setError: UseFormSetError<TValues>; setFocus: UseFormSetFocus<TValues> },
  error: unknown,
  fields: readonly FieldPath<TValues>[],
  fallback: string,
): string | null {
  const found = serverFormErrors(error, fields, fallback);
  for (const field of fields) {
    const message = found.fields[field];
    if (message !== undefined) form.setError(field, { type: 'server', message });
  }
  const first = fields.find((field) => found.fields[field] !== undefined);
  if (first) form.setFocus(first);
  return found.message;
}
