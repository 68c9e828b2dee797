import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deliverable, DeliverableList } from '../../../../shared/schemas/deliverables.ts';
import { DeliverablesPanel } from './deliverables-panel.tsx';

const ORG = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Health' };
const deliverable = (id: string, overrides: Partial<Deliverable>): Deliverable => ({
  id,
  title: 'Untitled',
  type: 'policy_draft',
  typeLabel: 'Policy draft',
  status: 'pending',
  dueDate: '2026-12-01T09:00:00.000Z',
  completedDate: null,
  assignedTo: 'Policy Drafter',
  version: null,
  size: null,
  downloadCount: 0,
  description: '',
  tags: [],
  taskRequestId: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
  organization: ORG,
  ...overrides,
});

const POLICY = deliverable('a0000000-0000-4000-8000-000000000001', {
  title: 'Information Security Policy',
  status: 'completed',
  completedDate: '2026-11-20T10:00:00.000Z',
  assignedTo: 'Riley Reviewer',
  version: 'v2',
  size: 12_700,
  downloadCount: 3,
  description: 'Our ISMS policy',
  tags: ['ISO 27001', 'SOC 2'],
});
const VENDOR = deliverable('a0000000-0000-4000-8000-000000000002', {
  title: 'Vendor review of Payroll Co',
  type: 'vendor_review',
  typeLabel: 'Vendor security review',
  status: 'overdue',
  dueDate: '2026-01-05T09:00:00.000Z',
  tags: ['SOC 2'],
});
const GAP = deliverable('a0000000-0000-4000-8000-000000000003', { title: 'GDPR gap assessment', status: 'in_review', tags: ['GDPR'] });
const RISK = deliverable('a0000000-0000-4000-8000-000000000004', { title: 'Risk register', status: 'pending' });
const ALL = [POLICY, VENDOR, GAP, RISK];

/** A small deliverables API over ALL: filters like the server, counts over search and tag, records queries. */
function serve(items: Deliverable[] = ALL) {
  const queries: URLSearchParams[] = [];
  const downloads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/download')) {
        downloads.push(`${url.pathname}?${url.searchParams.toString()}`);
        return new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="information-security-policy-v2.pdf"',
          },
        });
      }
      if (url.pathname !== '/api/v1/deliverables')
        return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
      queries.push(url.searchParams);
      const q = url.searchParams.get('q')?.toLowerCase();
      const tag = url.searchParams.get('tag');
      const status = url.searchParams.get('status');
      const matching = items.filter(
        (item) =>
          (!q || item.title.toLowerCase().includes(q) || item.tags.some((name) => name.toLowerCase().includes(q))) &&
          (!tag || item.tags.includes(tag)),
      );
      const count = (wanted: string) => matching.filter((item) => item.status === wanted).length;
      const body: DeliverableList = {
        deliverables: matching.filter((item) => !status || item.status === status),
        counts: {
          all: matching.length,
          completed: count('completed'),
          in_review: count('in_review'),
          pending: count('pending'),
          overdue: count('overdue'),
        },
        tags: [...new Set(items.flatMap((item) => item.tags))].sort(),
      };
      return Response.json(body);
    }),
  );
  return { queries, downloads };
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DeliverablesPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowOf = (title: string) => {
  const heading = screen.getByRole('heading', { name: new RegExp(title) });
  const row = heading.closest('li');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeliverablesPanel', () => {
  it('lists deliverables with their status in words, including overdue, and the counts on the chips', async () => {
    serve();
    renderPanel();
    await screen.findByRole('heading', { name: /Information Security Policy/ });
    rowOf('Information Security Policy').getByText('Completed');
    rowOf('Information Security Policy').getByText('v2');
    rowOf('Information Security Policy').getByText(/Policy draft · Riley Reviewer · Completed Nov 20, 2026 · 12 KB/);
    rowOf('Vendor review').getByText('Overdue');
    rowOf('Vendor review').getByText(/Due Jan 5, 2026/);
    rowOf('Vendor review').getByText('Downloadable once approved');
    rowOf('GDPR').getByText('In Review');
    rowOf('Risk register').getByText('Pending');
    const chips = within(screen.getByRole('group', { name: 'Filter by status' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'All (4)',
      'Completed (1)',
      'In Review (1)',
      'Pending (1)',
      'Overdue (1)',
    ]);
  });

  it('filters by status, tag and search through the API', async () => {
    const user = userEvent.setup();
    const { queries } = serve();
    renderPanel();
    await screen.findByRole('heading', { name: /Information Security Policy/ });

    await user.click(screen.getByRole('button', { name: 'Overdue (1)' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Information Security Policy/ })).toBeNull());
    screen.getByRole('heading', { name: /Vendor review of Payroll Co/ });
    expect(screen.getByRole('button', { name: 'Overdue (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(queries.at(-1)?.get('status')).toBe('overdue');

    await user.click(screen.getByRole('button', { name: 'All (4)' }));
    await user.selectOptions(screen.getByLabelText('Tag'), 'SOC 2');
    await screen.findByRole('button', { name: 'All (2)' });
    expect(screen.queryByRole('heading', { name: /GDPR/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Tag'), '');
    await user.type(screen.getByLabelText('Search deliverables'), 'gdpr');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('gdpr'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Risk register/ })).toBeNull());
    screen.getByRole('heading', { name: /GDPR gap assessment/ });

    await user.clear(screen.getByLabelText('Search deliverables'));
    await user.type(screen.getByLabelText('Search deliverables'), 'nothing like it');
    await screen.findByText(/No deliverables match your search and filters/);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await screen.findByRole('heading', { name: /Risk register/ });
  });

  it('downloads a format from the keyboard-operable menu with the API and saves it', async () => {
    const user = userEvent.setup();
    const { downloads } = serve();
    const createObjectURL = vi.fn(() => 'blob:deliverable');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPanel();
    const trigger = await screen.findByRole('button', { name: 'Download Information Security Policy' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Markdown', 'PDF', 'Word (DOCX)']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(clicked).toEqual(['information-security-policy-v2.pdf']));
    expect(downloads).toEqual([`/api/v1/deliverables/${POLICY.id}/download?format=pdf`]);
  });

  it('says plainly that nothing has been delivered yet, with a way to the task requests', async () => {
    serve([]);
    renderPanel();
    await screen.findByText(/Nothing has been delivered yet/);
    expect(screen.getByRole('link', { name: 'task requests' }).getAttribute('href')).toBe('/task-requests');
    expect(screen.queryByRole('group', { name: 'Filter by status' })).toBeNull();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, { status: 500 })),
    );
    renderPanel();
    await screen.findByText('Could not load deliverables');
    screen.getByRole('button', { name: 'Try Again' });
  });
});
