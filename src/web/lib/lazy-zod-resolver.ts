import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type LazyResolver<TInput extends FieldValues, TOutput = TInput> = Resolver<TInput, unknown, TOutput> & {
  /** Starts loading the schema (call it when the visitor shows intent: focus, hover). */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose zod schema (and zod, and the zod resolver) is imported on first
 * use instead of with the page: a public page's form validates nothing until someone types or
 * sends it, and zod is ~25 KB of a public page's JavaScript. Create it once per module; the form
 * calls `preload` on focus so the schema is there by the time it is needed. Same rules, same
 * messages: it is the same schema. `TOutput` is what the schema makes of the values (its transforms).
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput = TInput>(
  loadSchema: () => Promise<z.ZodType<TOutput, TInput>>,
): LazyResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema as z.ZodType<TOutput, FieldValues>) as unknown as Resolver<TInput, unknown, TOutput>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
