import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * `React.lazy` for a component that uses TanStack Query: the component and the query client's
 * provider load together, on first render, so the page that mounts it does not carry TanStack Query.
 */
export function lazyWithQuery<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => {
    const [Component, { QueryProvider }] = await Promise.all([load(), import('./query-provider.tsx')]);
    function WithQueryClient(props: Props) {
      return (
        <QueryProvider>
          <Component {...props} />
        </QueryProvider>
      );
    }
    return { default: WithQueryClient };
  });
}
