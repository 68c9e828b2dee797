import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { workspaceHref } from '../../../../shared/workspace-links.ts';
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchResponse } from '../../../../shared/schemas/search.ts';
import { ConsentProvider } from '../../consent/consent.tsx';
import { SearchPanel } from './search-panel.tsx';

vi.mock('../../auth/auth-client.ts', () => ({ resolveAccessToken: async () => null }));

beforeAll(() => {
  // cmdk measures and scrolls its list; jsdom has neither.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => vi.unstubAllGlobals());

// The server lists requirement hits apart from the content results; the dialog shows them first.
const HIT: SearchResponse = {
  total: 0,
  results: [],
  requirements: [
    {
      frameworkId: 'iso27001',
      frameworkName: 'ISO 27001',
      ref: 'A.8.11',
      title: 'Data masking',
      excerpt: `Mask personal data where policy asks: ${HIGHLIGHT_START}masking${HIGHLIGHT_END} rules for exports.`,
      url_path: workspaceHref.framework('iso27001', { ref: 'A.8.11' }),
    },
  ],
};

it('shows a requirement hit as a requirement of its framework and opens the framework page at it', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(HIT)),
  );
  let location: Location | null = null;
  function Probe() {
    location = useLocation();
    return null;
  }
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/']}>
        <Probe />
        <ConsentProvider>
          <SearchPanel onClose={onClose} />
        </ConsentProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.type(screen.getByRole('combobox'), 'masking');
  const hit = await screen.findByText('ISO 27001 A.8.11 Data masking', {}, { timeout: 3000 });
  screen.getByText('Requirement · ISO 27001');
  expect(screen.getByText('masking', { selector: 'mark' }).tagName).toBe('MARK');
  await userEvent.click(hit);
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  const { pathname, search, hash } = location as unknown as Location;
  expect(`${pathname}${search}${hash}`).toBe('/dashboard-compliancecore?tab=frameworks&framework=iso27001#A.8.11');
});
