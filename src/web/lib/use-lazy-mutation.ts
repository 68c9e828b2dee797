import type { MutationObserver } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

interface LazyMutationState<TData> {
  data: TData | undefined;
  error: Error | null;
  isPending: boolean;
}

const IDLE = { data: undefined, error: null, isPending: false };

/**
 * `useMutation` for a form of a public page: the same TanStack Query mutation on the app's one
 * client (lib/query-client.ts), but TanStack Query itself is imported when the form is first sent,
 * or earlier when `preload` is called on intent (focus, pointer over the form), not with the page.
 * A page whose only server call is one form's POST then loads no TanStack Query until someone uses
 * the form (docs/decisions/012-half-the-weight.md).
 */
export function useLazyMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const [state, setState] = useState<LazyMutationState<TData>>(IDLE);
  const latestFn = useRef(mutationFn);
  const observer = useRef<Promise<MutationObserver<TData, Error, TVariables>> | undefined>(undefined);
  const unsubscribe = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    latestFn.current = mutationFn;
  }, [mutationFn]);
  useEffect(() => () => unsubscribe.current?.(), []);

  const load = useCallback(() => {
    observer.current ??= Promise.all([import('@tanstack/react-query'), import('./query-client.ts')]).then(
      ([query, { getQueryClient }]) => {
        const created = new query.MutationObserver<TData, Error, TVariables>(getQueryClient(), {
          mutationFn: (variables) => latestFn.current(variables),
        });
        unsubscribe.current = created.subscribe((result) =>
          setState({ data: result.data, error: result.error, isPending: result.isPending }),
        );
        return created;
      },
      (error: unknown) => {
        observer.current = undefined;
        throw error;
      },
    );
    return observer.current;
  }, []);

  const mutateAsync = useCallback(async (variables: TVariables) => (await load()).mutate(variables), [load]);
  const preload = useCallback(() => void load().catch(() => undefined), [load]);
  const reset = useCallback(() => {
    setState(IDLE);
    void observer.current?.then((created) => created.reset());
  }, []);
  return { ...state, mutateAsync, preload, reset };
}
