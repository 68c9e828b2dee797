import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { anEngagement } from '../../../../../tests/engagement-fixture.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { AuditSample } from '../../../../shared/schemas/engagements.ts';
import { AuditSamples } from './audit-samples.tsx';

afterEach(() => vi.unstubAllGlobals());

const engagement = anEngagement({
  id: '5a1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f01',
  organizationId: '5a1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f02',
  requestCount: 12,
  side: 'auditor',
});
const population: AuditSample = {
  id: '5a1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f10',
  engagementId: engagement.id,
  requestId: null,
  name: 'New hires H1',
  header: ['Employee', 'Start date'],
  populationSize: 4,
  populationSha256: 'ab'.repeat(32),
  uploadedAt: '2026-07-02T09:00:00.000Z',
  uploadedByName: 'Clara Client',
  sampleSize: null,
  seed: null,
  selected: null,
  selectedRows: null,
  drawnAt: null,
  drawnByName: null,
};
const rows = [
  ['Ada', '2026-01-05'],
  ['Grace', '2026-02-10'],
  ['Edsger', '2026-03-15'],
  ['Barbara', '2026-04-20'],
];

function serve(initial: AuditSample[]) {
  let samples = initial;
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = String(input).split('?')[0] ?? '';
      const base = `/api/v1/engagements/${engagement.id}/samples`;
      if (path === base && (init.method ?? 'GET') === 'GET') return Response.json({ samples });
      if (path === base) {
        const body = JSON.parse(String(init.body)) as { name: string; csv: string };
        posts.push({ path, body });
        const created: AuditSample = { ...population, id: '5a1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f11', name: body.name, populationSize: 2 };
        samples = [...samples, created];
        return Response.json(created, { status: 201 });
      }
      if (path === `${base}/${population.id}/draw`) {
        const body = JSON.parse(String(init.body)) as { sampleSize: number; seed?: string };
        posts.push({ path, body });
        const drawn: AuditSample = {
          ...population,
          sampleSize: body.sampleSize,
          seed: body.seed ?? 'random-seed',
          selected: [2, 0],
          selectedRows: [rows[2] ?? [], rows[0] ?? []],
          drawnAt: '2026-07-03T09:00:00.000Z',
          drawnByName: 'Aude Auditor',
        };
        samples = samples.map((sample) => (sample.id === drawn.id ? drawn : sample));
        return Response.json(drawn);
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'nope' } }, { status: 404 });
    }),
  );
  return posts;
}

const auth = () => fakeAuth({ access: accessFor('auditor'), accessStatus: 'ready' });

describe('AuditSamples', () => {
  it('lists populations with rows and SHA-256, validates the draw form and draws with the seed, then shows the seed and the rows', async () => {
    const posts = serve([population]);
    renderSignedIn(<AuditSamples engagement={engagement} />, auth());
    const list = await screen.findByRole('list', { name: 'Populations' });
    within(list).getByText('New hires H1');
    within(list).getByText('ab'.repeat(32));
    within(list).getByText('Not drawn yet');
    within(list).getByText(/by Clara Client/);
    // Auditors draw; they do not upload.
    expect(screen.queryByRole('form', { name: 'Upload a population' })).toBeNull();

    const form = screen.getByRole('form', { name: 'Draw a sample from New hires H1' });
    await userEvent.click(within(form).getByRole('button', { name: 'Draw sample' }));
    await within(form).findByText('Draw at least one item');
    expect(
      within(form)
        .getByLabelText(/Sample size/)
        .getAttribute('aria-invalid'),
    ).toBe('true');

    await userEvent.type(within(form).getByLabelText(/Sample size/), '9');
    await userEvent.click(within(form).getByRole('button', { name: 'Draw sample' }));
    await within(form).findByText('The population has 4 rows');
    expect(posts).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText(/Sample size/));
    await userEvent.type(within(form).getByLabelText(/Sample size/), '2');
    await userEvent.type(within(form).getByLabelText('Seed (optional)'), 'fy2026-q3');
    await userEvent.click(within(form).getByRole('button', { name: 'Draw sample' }));

    await waitFor(() => expect(posts).toEqual([{ path: expect.stringContaining('/draw'), body: { sampleSize: 2, seed: 'fy2026-q3' } }]));
    await screen.findByText('fy2026-q3');
    screen.getByText(/by Aude Auditor/);
    expect(screen.queryByRole('form', { name: 'Draw a sample from New hires H1' })).toBeNull();
    const table = screen.getByRole('table');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual(['3Edsger2026-03-15', '1Ada2026-01-05']);
  });

  it('lets the client upload a population CSV and shows the rows drawn for them, without a draw form', async () => {
    const drawn: AuditSample = {
      ...population,
      sampleSize: 1,
      seed: 'seed-42',
      selected: [1],
      selectedRows: [rows[1] ?? []],
      drawnAt: '2026-07-03T09:00:00.000Z',
    };
    const posts = serve([drawn]);
    renderSignedIn(
      <AuditSamples engagement={{ ...engagement, side: 'client' }} />,
      fakeAuth({ access: accessFor('client'), accessStatus: 'ready' }),
    );
    await screen.findByText('seed-42');
    within(screen.getByRole('table')).getByText('Grace');
    expect(screen.queryByRole('button', { name: 'Draw sample' })).toBeNull();

    const form = screen.getByRole('form', { name: 'Upload a population' });
    await userEvent.click(within(form).getByRole('button', { name: 'Upload population' }));
    await within(form).findByText('Name the population (at least 3 characters)');
    within(form).getByText('The CSV is empty');

    await userEvent.type(within(form).getByLabelText(/Population name/), 'Leavers H1');
    const csv = 'Employee,End date\nAlan,2026-03-01\nKaren,2026-05-01\n';
    await userEvent.upload(within(form).getByLabelText(/Population CSV/), new File([csv], 'leavers.csv', { type: 'text/csv' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Upload population' }));
    await waitFor(() =>
      expect(posts).toEqual([{ path: `/api/v1/engagements/${engagement.id}/samples`, body: { name: 'Leavers H1', csv } }]),
    );
    await screen.findByText('Leavers H1');
  });

  it('lets staff upload but not draw, following the server rule', async () => {
    serve([population]);
    renderSignedIn(
      <AuditSamples engagement={{ ...engagement, side: 'staff' }} />,
      fakeAuth({ access: accessFor('administrator'), accessStatus: 'ready' }),
    );
    await screen.findByRole('list', { name: 'Populations' });
    screen.getByRole('form', { name: 'Upload a population' });
    expect(screen.queryByRole('button', { name: 'Draw sample' })).toBeNull();
  });

  it('says so when there is no population yet, and shows a load error', async () => {
    serve([]);
    const { unmount } = renderSignedIn(<AuditSamples engagement={engagement} />, auth());
    await screen.findByText('No population has been provided yet.');
    unmount();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'INTERNAL', message: 'The samples could not be loaded.' } }, { status: 500 })),
    );
    renderSignedIn(<AuditSamples engagement={engagement} />, auth());
    expect((await screen.findByRole('alert')).textContent).toContain('The samples could not be loaded.');
  });
});
