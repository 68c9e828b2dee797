import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWorkspaceRoute } from '../../../../tests/render-workspace-route.tsx';
import {
  CROSSWALK,
  GDPR,
  ISO,
  ISO_DETAIL,
  ORGANIZATION_ID,
  SOC2,
  SOC2_ACTIVE,
  frameworkList,
  summary,
} from '../../../../tests/fixtures/frameworks.ts';
import type { Role } from '../../../shared/permissions.ts';
import { MAPPING_RELATION_LABELS } from '../../../shared/schemas/programme-statuses.ts';
import DashboardRoute from './dashboard.tsx';

afterEach(() => vi.unstubAllGlobals());

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Answer = unknown | ((call: Call) => unknown);

/** `fetch` answering `METHOD /path` (or `/path` for GET) from `answers`, recording every call with its query and body. */
function serve(answers: Record<string, Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const call = { method, path: url.pathname, query: url.searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const answer = answers[`${method} ${url.pathname}`] ?? (method === 'GET' ? answers[url.pathname] : undefined);
      if (answer === undefined) return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
      const body = typeof answer === 'function' ? (answer as (call: Call) => unknown)(call) : answer;
      return body === null ? new Response(null, { status: 204 }) : Response.json(body);
    }),
  );
  return calls;
}

const MEMBER = { '/api/v1/organizations/mine': { tenant: 'member', organizations: [] } };
const STAFF = {
  '/api/v1/organizations/mine': {
    tenant: 'staff',
    organizations: [
      { id: ORGANIZATION_ID, name: 'Northwind Health', engagementRole: 'lead_consultant', team: [] },
      { id: '7d0c5b3a-2e1f-4a9b-8c7d-6e5f4a3b2c1d', name: 'Cobalt Logistics', engagementRole: 'reviewer', team: [] },
    ],
  },
};

const open = (url: string, role: Role = 'client_manager') => renderWorkspaceRoute(<DashboardRoute />, { url, role });

describe('the frameworks tab: the catalogue', () => {
  it('shows each framework as a card with its counts, licence note, activation and readiness', async () => {
    serve({ ...MEMBER, '/api/v1/frameworks': frameworkList([SOC2_ACTIVE, ISO, GDPR]) });
    open('/dashboard-compliancecore?tab=frameworks');
    const catalogue = await screen.findByRole('list', { name: 'Framework catalogue' });
    const soc2 = within(catalogue).getByRole('listitem', { name: 'SOC 2' });
    within(soc2).getByText('Active');
    within(soc2).getByText('62% ready');
    within(soc2).getByText('Type II · target 31 Mar 2027');
    within(soc2).getByText('30 of 59 met, 14 partly met, 15 not met');
    expect(within(soc2).getByText('Requirements').nextElementSibling?.textContent).toBe('61');
    expect(within(soc2).getByText('Controls').nextElementSibling?.textContent).toBe('88');
    within(within(catalogue).getByRole('listitem', { name: 'GDPR' })).getByText('Official text (public)');
    within(within(catalogue).getByRole('listitem', { name: 'ISO 27001' })).getByText(/our own words/);
    screen.getByText('Active: SOC 2.');
    screen.getByRole('button', { name: 'Deactivate SOC 2' });
    expect(screen.queryByRole('button', { name: 'Activate SOC 2' })).toBeNull();
  });

  it('activates a framework with its audit type and target date, then shows it active', async () => {
    let isActive = false;
    const calls = serve({
      ...MEMBER,
      '/api/v1/frameworks': () => frameworkList([isActive ? SOC2_ACTIVE : SOC2, ISO]),
      'PUT /api/v1/frameworks/soc2/activation': () => {
        isActive = true;
        return { frameworkId: 'soc2', activation: SOC2_ACTIVE.activation, controlsAdded: 42 };
      },
    });
    open('/dashboard-compliancecore?tab=frameworks');
    await userEvent.click(await screen.findByRole('button', { name: 'Activate SOC 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Activate SOC 2' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate SOC 2' }));
    within(dialog).getByText('Choose Type I or Type II');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('radio', { name: /Type II/ }));
    await userEvent.type(within(dialog).getByLabelText('Target date'), '2027-03-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate SOC 2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    // A client's organization is implied: no organizationId is sent.
    expect(put?.body).toEqual({ targetDate: '2027-03-31', auditType: 'type2' });
    await screen.findByText('62% ready');
    screen.getByRole('button', { name: 'Deactivate SOC 2' });
  });

  it('deactivates only after the confirmation', async () => {
    const calls = serve({
      ...MEMBER,
      '/api/v1/frameworks': frameworkList([SOC2_ACTIVE]),
      'DELETE /api/v1/frameworks/soc2/activation': null,
    });
    open('/dashboard-compliancecore?tab=frameworks');
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate SOC 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate SOC 2?' });
    within(dialog).getByText(/Your controls and evidence stay/);
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate SOC 2' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });

  it('offers no activation to a role that cannot manage frameworks', async () => {
    serve({ ...MEMBER, '/api/v1/frameworks': frameworkList([SOC2, ISO]) });
    open('/dashboard-compliancecore?tab=frameworks', 'auditor');
    await screen.findByRole('list', { name: 'Framework catalogue' });
    screen.getByText(/Ask your compliance manager to activate/);
    expect(screen.queryByRole('button', { name: /^Activate/ })).toBeNull();
  });

  it('lets staff choose the organization, and shows the catalogue alone until they do', async () => {
    const calls = serve({
      ...STAFF,
      '/api/v1/frameworks': (call: Call) => frameworkList([SOC2, ISO], call.query.get('organizationId')),
    });
    open('/dashboard-compliancecore?tab=frameworks', 'consultant');
    await screen.findByText('Choose an organization to see its activations and readiness.');
    expect(screen.queryByRole('button', { name: 'Activate SOC 2' })).toBeNull();
    expect(calls.find((call) => call.path === '/api/v1/frameworks')?.query.has('organizationId')).toBe(false);

    await userEvent.selectOptions(screen.getByLabelText('Client organization'), 'Northwind Health');
    await screen.findByRole('button', { name: 'Activate SOC 2' });
    expect(calls.at(-1)?.query.get('organizationId')).toBe(ORGANIZATION_ID);
  });
});

describe('the frameworks tab: a framework page', () => {
  const answers = { ...MEMBER, '/api/v1/frameworks': frameworkList([SOC2_ACTIVE, ISO_DETAIL]), '/api/v1/frameworks/iso27001': ISO_DETAIL };

  it('shows the requirements as a tree with mapped controls, relation badges and status', async () => {
    serve(answers);
    open('/dashboard-compliancecore?tab=frameworks&framework=iso27001');
    await screen.findByRole('heading', { level: 2, name: /ISO 27001/ });
    screen.getByText('25% ready');
    const tree = screen.getByRole('list', { name: 'Requirements' });
    expect(within(tree).queryByText('Data masking')).toBeNull();
    await userEvent.click(within(tree).getByRole('button', { name: /Annex A controls/ }));
    await userEvent.click(within(tree).getByRole('button', { name: /Technological controls/ }));
    const masking = within(tree).getByRole('article', { name: /A\.8\.11/ });
    within(masking).getByText('Not met');
    within(masking).getByText('DP-04 is not started; DP-01 has no evidence.');
    const controls = within(masking).getByRole('list', { name: 'Controls mapped to A.8.11' });
    expect(within(controls).getByText('Equal').getAttribute('title')).toBe(MAPPING_RELATION_LABELS.equal);
    expect(within(controls).getByText('Subset').getAttribute('title')).toBe(MAPPING_RELATION_LABELS.subset);
    within(controls).getByText('(Not started)');
  });

  it('filters the tree by words, a ref or a control id, keeping the groups that lead there', async () => {
    serve(answers);
    open('/dashboard-compliancecore?tab=frameworks&framework=iso27001');
    const filter = await screen.findByLabelText('Filter requirements');
    await userEvent.type(filter, 'masking');
    await screen.findByText('1 requirement match “masking”.');
    const tree = screen.getByRole('list', { name: 'Requirements' });
    within(tree).getByRole('article', { name: /Data masking/ });
    within(tree).getByText('Technological controls');
    expect(within(tree).queryByText('Organizational controls')).toBeNull();
    await userEvent.clear(filter);
    await userEvent.type(filter, 'GV-01');
    await screen.findByText('1 requirement match “GV-01”.');
    await userEvent.clear(filter);
    await userEvent.type(filter, 'quantum');
    await screen.findByText(/No requirement matches/);
  });

  it('opens, shows and focuses the requirement named in the fragment (a search hit)', async () => {
    serve(answers);
    open('/dashboard-compliancecore?tab=frameworks&framework=iso27001#A.8.11');
    const masking = await screen.findByRole('article', { name: /Data masking/ });
    await waitFor(() => expect(document.activeElement?.id).toBe('A.8.11'));
    expect(masking.className).toContain('ring-2');
  });

  it('runs the crosswalk from the picker: coverage, new controls with their evidence, partly covered, not addressable', async () => {
    const calls = serve({ ...answers, '/api/v1/frameworks/iso27001/crosswalk': CROSSWALK });
    const { location } = open('/dashboard-compliancecore?tab=frameworks&framework=iso27001');
    const picker = await screen.findByRole('form', { name: 'Crosswalk' });
    expect((within(picker).getByLabelText('We already have') as HTMLSelectElement).value).toBe('soc2');
    await userEvent.click(within(picker).getByRole('button', { name: 'Show what ISO 27001 adds' }));
    await screen.findByRole('heading', { name: 'You have SOC 2; what ISO 27001 adds' });
    expect(location()?.search).toBe('?tab=frameworks&framework=iso27001&from=soc2');
    expect(calls.find((call) => call.path.endsWith('/crosswalk'))?.query.get('from')).toBe('soc2');
    screen.getByText('67%');
    const added = screen.getByRole('list', { name: 'New controls' });
    within(added).getByText('Data masking and pseudonymisation');
    within(added).getByText('Screenshots of masking rules on production data exports.');
    within(added).getByText('Fresh for 180 days · 0 evidence items on file');
    expect(within(added).getByRole('link', { name: 'A.8.11' }).getAttribute('href')).toBe(
      '/dashboard-compliancecore?tab=frameworks&framework=iso27001#A.8.11',
    );
    screen.getByText('Shared: DP-01 · New: DP-04');
    screen.getByText('Not addressable by a control (1)');
  });

  it('shows what a framework not yet active adds to all the active ones, and runs that crosswalk', async () => {
    const both = [
      { id: 'soc2', name: 'SOC 2' },
      { id: 'iso27001', name: 'ISO 27001' },
    ] as const;
    const isoActive = summary({ ...ISO, activation: { targetDate: null, auditType: null, activatedAt: '2026-11-20T09:00:00.000Z' } });
    const nis2 = summary({
      id: 'nis2',
      name: 'NIS2',
      region: 'EU',
      delta: { sources: [...both], assessed: 24, covered: 15, partial: 6, uncovered: 3, newControls: 4, coverage: 63 },
    });
    const calls = serve({
      ...MEMBER,
      '/api/v1/frameworks': frameworkList([SOC2_ACTIVE, isoActive, nis2]),
      '/api/v1/frameworks/nis2': { ...nis2, licence: 'Source: EUR-Lex.', requirements: ISO_DETAIL.requirements },
      '/api/v1/frameworks/nis2/crosswalk': { ...CROSSWALK, sources: [...both], to: { id: 'nis2', name: 'NIS2' } },
    });
    open('/dashboard-compliancecore?tab=frameworks');
    const card = within(await screen.findByRole('list', { name: 'Framework catalogue' })).getByRole('listitem', { name: 'NIS2' });
    const delta = within(card).getByRole('region', { name: 'Adds to SOC 2 + ISO 27001' });
    within(delta).getByText('63%');
    within(delta).getByText('9 requirements of 24 need new work (3 entirely new)');
    within(delta).getByText('4 new controls');
    // An active framework adds nothing to itself: its card has no delta.
    expect(
      within(within(screen.getByRole('list', { name: 'Framework catalogue' })).getByRole('listitem', { name: 'SOC 2' })).queryByRole(
        'region',
      ),
    ).toBeNull();

    await userEvent.click(within(delta).getByRole('link', { name: 'See what NIS2 adds' }));
    await screen.findByRole('heading', { name: 'You have SOC 2 and ISO 27001; what NIS2 adds' });
    expect(calls.find((call) => call.path.endsWith('/crosswalk'))?.query.get('from')).toBe('soc2,iso27001');
    const picker = screen.getByRole('form', { name: 'Crosswalk' });
    const select = within(picker).getByLabelText('We already have') as HTMLSelectElement;
    expect(select.value).toBe('soc2,iso27001');
    expect(select.selectedOptions[0]?.textContent).toBe('SOC 2 + ISO 27001 (all active)');
  });

  it('falls back to the catalogue for an unknown framework and says when a framework cannot be loaded', async () => {
    serve({ ...MEMBER, '/api/v1/frameworks': frameworkList([SOC2]) });
    const first = open('/dashboard-compliancecore?tab=frameworks&framework=cobit');
    await screen.findByRole('list', { name: 'Framework catalogue' });
    first.unmount();
    open('/dashboard-compliancecore?tab=frameworks&framework=gdpr');
    await screen.findByText('The framework could not be loaded.');
  });
});
