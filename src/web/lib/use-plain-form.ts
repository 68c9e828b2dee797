import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { serverFormErrors } from './server-form-errors.ts';

/**
 * A form whose fields hold their own values (uncontrolled inputs, with `name`), checked with a zod
 * schema that is imported on first use instead of with the page — what react-hook-form gave our
 * public forms, without its code on the page (docs/decisions/012, third pass):
 * - the schema loads when the visitor focuses the form (`preload`), at the latest when it is sent;
 * - the form is checked when it is sent, then again on every edit once it has been sent with problems;
 * - each field gets the schema's first message for it, and the first field with a problem (in the
 *   page's order) takes the focus;
 * - `onValid` receives what the schema makes of the values (its transforms applied).
 * What was typed before the app started is kept: values are read from the fields themselves.
 */

export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

export interface LazySchema<TInput, TOutput> {
  load(): Promise<z.ZodType<TOutput, TInput>>;
  /** Starts loading (on focus or hover), ignoring a failure: sending tries again and reports it. */
  preload(): void;
}

/** One per module: the schema's module is imported once, and again after a failed import. */
export function lazySchema<TInput, TOutput = TInput>(loader: () => Promise<z.ZodType<TOutput, TInput>>): LazySchema<TInput, TOutput> {
  let loading: Promise<z.ZodType<TOutput, TInput>> | undefined;
  const load = () => {
    loading ??= loader().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return { load, preload: () => void load().catch(() => undefined) };
}

/** The form's values by field name: a checkbox's checked state, the chosen radio's value, any other field's text. */
export function readFormValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    if (!element.name) continue;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') values[element.name] = element.checked;
    else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (element.checked) values[element.name] = element.value;
    } else values[element.name] = element.value;
  }
  return values;
}

/** The first message per field of a list of issues whose path starts with the field's name. */
export function firstMessageByField<TField extends string>(
  issues: { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<TField> {
  const errors: FieldErrors<TField> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !errors[field as TField]) errors[field as TField] = issue.message;
  }
  return errors;
}

export function usePlainForm<TInput extends object, TOutput = TInput>(
  schema: LazySchema<TInput, TOutput>,
  onValid: (values: TOutput, form: HTMLFormElement) => Promise<void> | void,
) {
  type Field = keyof TInput & string;
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const checkOnEdit = useRef(false);

  const check = async (form: HTMLFormElement) => {
    const result = (await schema.load()).safeParse(readFormValues(form));
    return result.success
      ? { values: result.data, errors: {} as FieldErrors<Field> }
      : { values: undefined, errors: firstMessageByField<Field>(result.error.issues) };
  };

  /** Shows `found` and moves the focus to the first field, in the page's order, with a problem. */
  const showErrors = (form: HTMLFormElement, found: FieldErrors<Field>) => {
    // Drawn at once, the form no longer busy: a form that disables its fields while it is sent
    // (the privacy request) would otherwise refuse the focus below.
    flushSync(() => {
      setErrors(found);
      setSubmitting(false);
    });
    const first = Array.from(form.elements).find(
      (element): element is HTMLElement => element instanceof HTMLElement && Boolean(found[element.getAttribute('name') as Field]),
    );
    first?.focus();
  };

  /**
   * Shows a refused request's field problems on the form's own fields, as a react-hook-form form does
   * with `setServerFormErrors` (the same rule: server-form-errors.ts), and returns the form's message
   * when no field took one.
   */
  const showServerErrors = (form: HTMLFormElement, error: unknown, fallback: string) => {
    const names = Array.from(form.elements, (element) => element.getAttribute('name')).filter((name): name is Field => Boolean(name));
    const found = serverFormErrors(error, [...new Set(names)], fallback);
    showErrors(form, found.fields);
    return found.message;
  };

  const formProps = {
    noValidate: true,
    onFocus: () => schema.preload(),
    onChange: (event: FormEvent<HTMLFormElement>) => {
      if (!checkOnEdit.current) return;
      void check(event.currentTarget).then((checked) => setErrors(checked.errors));
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      setSubmitting(true);
      void (async () => {
        try {
          const checked = await check(form);
          if (!checked.values) {
            checkOnEdit.current = true;
            showErrors(form, checked.errors);
            return;
          }
          setErrors({});
          await onValid(checked.values, form);
        } finally {
          setSubmitting(false);
        }
      })();
    },
  };

  return { errors, isSubmitting, formProps, showErrors, showServerErrors };
}
