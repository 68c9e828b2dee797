import { QueryClient } from '@tanstack/react-query';
import { retryUnlessRefused } from './api-client.ts';

let client: QueryClient | undefined;

/**
 * The app's one TanStack Query client, created on first use. It is not provided by the root: the
 * public pages that fetch nothing never load TanStack Query; the workspace layout, the public pages
 * that send a form and the overlays that fetch provide it themselves (`QueryProvider`), all with this
 * same client, so a cache entry written under one provider is read under another
 * (docs/decisions/012-half-the-weight.md).
 */
export function getQueryClient(): QueryClient {
  client ??= new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: retryUnlessRefused(1) } } });
  return client;
}
