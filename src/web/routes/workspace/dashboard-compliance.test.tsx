import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTROLS,
  MINE,
  ORG_ID,
  READINESS,
  control,
  evidence,
  importResult,
  risk,
  riskList,
  stubApi,
} from '../../../../tests/compliance-fixtures.ts';
import { renderWorkspaceRoute } from '../../../../tests/render-workspace-route.tsx';
import DashboardRoute from './dashboard.tsx';

afterEach(() => vi.unstubAllGlobals());

const TAB = '/dashboard-compliancecore?tab=compliance';
const BASE: Record<string, unknown> = {
  '/api/v1/organizations/mine': MINE,
  '/api/v1/readiness': READINESS,
  '/api/v1/controls': CONTROLS,
  '/api/v1/workflows': { workflows: [] },
  '/api/v1/plans': { plans: [] },
};
const serve = (extra: Record<string, unknown> = {}) => stubApi((call) => ({ ...BASE, ...extra })[call.path]);

describe('the compliance overview', () => {
  it('shows readiness per framework with each requirement’s reason, controls by status, expiring evidence and next actions', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: TAB, role: 'client' });
    const frameworks = await screen.findByRole('list', { name: 'Active frameworks' });
    within(frameworks).getByText('38% ready · Needs Improvement');
    within(frameworks).getByText('Type II · target Mar 31, 2027');
    await user.click(within(frameworks).getByRole('button', { name: 'Open SOC 2 requirements' }));
    const requirements = screen.getByRole('list', { name: 'SOC 2 requirements' });
    within(requirements).getByText('AC-03 has no evidence fresher than 90 days.');
    within(requirements).getByText('Not met');
    await user.selectOptions(screen.getByLabelText('Show requirements'), 'met');
    expect(within(requirements).queryByText('User registration')).toBeNull();

    const stale = screen.getByRole('link', { name: /^Stale\s*1$/ });
    expect(stale.getAttribute('href')).toBe('/dashboard-compliancecore?tab=compliance&section=controls&status=stale');
    within(screen.getByRole('list', { name: 'Expiring in the next 30 days' })).getByText('Q3 access review');
    screen.getByText('No evidence has gone stale.');
    expect(screen.getByRole('link', { name: 'Add evidence for AC-03' }).getAttribute('href')).toBe(READINESS.nextActions[0]?.href);
    screen.getByRole('button', { name: /Readiness report \(PDF\)/ });
    screen.getByRole('button', { name: /SOC 2 requirements \(CSV\)/ });
    expect(calls.find((call) => call.path === '/api/v1/readiness')?.query.get('organizationId')).toBeNull();
  });

  it('asks a client with no active framework to choose one', async () => {
    serve({ '/api/v1/readiness': { ...READINESS, frameworks: [], nextActions: [] } });
    renderWorkspaceRoute(<DashboardRoute />, { url: TAB, role: 'client' });
    await screen.findByText('No framework is active yet');
    expect(screen.getByRole('link', { name: 'Choose a framework' }).getAttribute('href')).toBe('/dashboard-compliancecore?tab=frameworks');
  });

  it('lets staff choose the organization first, then asks for its readiness', async () => {
    const calls = serve({
      '/api/v1/organizations/mine': {
        tenant: 'staff',
        organizations: [MINE.organizations[0], { ...MINE.organizations[0], id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Globex' }],
      },
    });
    renderWorkspaceRoute(<DashboardRoute />, { url: TAB, role: 'analyst' });
    await screen.findByText('Choose a client organization to see its programme.');
    expect(calls.some((call) => call.path === '/api/v1/readiness')).toBe(false);
    await userEvent.setup().selectOptions(screen.getByLabelText('Client organization'), ORG_ID);
    await screen.findByRole('list', { name: 'Active frameworks' });
    expect(calls.find((call) => call.path === '/api/v1/readiness')?.query.get('organizationId')).toBe(ORG_ID);
  });

  it('shows an auditor no risk register (no risks:read) and no edit buttons', async () => {
    serve();
    renderWorkspaceRoute(<DashboardRoute />, { url: `${TAB}&section=controls`, role: 'auditor' });
    await screen.findByText('Control AC-03');
    const sections = screen.getByRole('navigation', { name: 'Compliance sections' });
    expect(within(sections).queryByRole('link', { name: 'Risks' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit AC-03' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import controls/ })).toBeNull();
  });
});

describe('the subscription line (issue 32: it belongs to the organization, not to the buyer)', () => {
  const GROWTH = {
    subscription: {
      id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
      plan: 'growth',
      status: 'active',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      seats: 5,
      organizationId: ORG_ID,
    },
  } as const;
  const NONE = { subscription: null };
  const ACME = {
    id: ORG_ID,
    name: 'Acme',
    website: null,
    size: null,
    country: null,
    memberCount: 2,
    staffCount: 1,
    createdAt: '2026-01-05T09:00:00.000Z',
    plan: 'growth',
    subscriptionStatus: 'active',
    openRequests: 0,
    overdueRequests: 0,
    dueSoonRequests: 0,
    waitingForClient: 0,
  };

  it('shows a client their organization’s plan', async () => {
    serve();
    renderWorkspaceRoute(<DashboardRoute />, { url: TAB, role: 'client', auth: { subscription: GROWTH } });
    await screen.findByText(/Subscription: Growth plan/);
    expect(screen.queryByText(/No subscription yet/)).toBeNull();
  });

  it('asks only a client without one to choose a plan', async () => {
    serve();
    renderWorkspaceRoute(<DashboardRoute />, { url: TAB, role: 'client', auth: { subscription: NONE } });
    await screen.findByText(/No subscription yet/);
  });

  it('shows a consultant the chosen client organization’s plan, never "No subscription yet"', async () => {
    serve({
      '/api/v1/organizations/mine': { tenant: 'staff', organizations: MINE.organizations },
      [`/api/v1/organizations/${ORG_ID}`]: ACME,
    });
    renderWorkspaceRoute(<DashboardRoute />, { url: TAB, role: 'consultant', auth: { subscription: NONE } });
    await screen.findByText(/Acme: Growth plan/);
    expect(screen.queryByText(/No subscription yet/)).toBeNull();
  });

  it('asks an auditor, who acts for no organization of their own, to buy nothing', async () => {
    serve({ '/api/v1/organizations/mine': { tenant: 'staff', organizations: [] } });
    renderWorkspaceRoute(<DashboardRoute />, { url: TAB, role: 'auditor', auth: { subscription: NONE } });
    await screen.findByRole('heading', { name: 'Compliance' });
    await waitFor(() => expect(screen.queryByText(/Loading your organization/)).toBeNull());
    expect(screen.queryByText(/No subscription yet/)).toBeNull();
  });
});

describe('the controls register', () => {
  it('filters by the status in the URL and saves a control marked not applicable only with a justification', async () => {
    const patched = vi.fn();
    const calls = stubApi((call) => {
      if (call.method === 'PATCH') {
        patched(call);
        return control('AC-03', { applicable: false, justification: 'We have no office network at all.' });
      }
      return BASE[call.path];
    });
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: `${TAB}&section=controls&status=in_progress`, role: 'client' });
    await screen.findByText('Control AC-03');
    expect(calls.find((call) => call.path === '/api/v1/controls')?.query.get('status')).toBe('in_progress');
    await user.click(screen.getByRole('button', { name: 'Edit AC-03' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit AC-03/ });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Applies to us' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save control' }));
    within(dialog).getByText('Say why the control does not apply (at least 10 characters)');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Why it does not apply/));
    expect(patched).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/Why it does not apply/), 'We have no office network at all.');
    await user.click(within(dialog).getByRole('button', { name: 'Save control' }));
    await waitFor(() => expect(patched).toHaveBeenCalledTimes(1));
    const call = patched.mock.calls[0]?.[0] as { path: string; body: Record<string, unknown> };
    expect(call.path).toBe('/api/v1/controls/AC-03');
    expect(call.body).toMatchObject({ applicable: false, justification: 'We have no office network at all.', status: 'in_progress' });
  });
});

describe('the controls register, long', () => {
  it('shows a page of 25 controls at a time with Previous and Next, and starts again at the first page on a new filter', async () => {
    const many = Array.from({ length: 60 }, (_, index) => control(`CC-${String(index + 1).padStart(2, '0')}`));
    stubApi((call) => (call.path === '/api/v1/controls' ? { ...CONTROLS, controls: many } : BASE[call.path]));
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: `${TAB}&section=controls`, role: 'client' });
    const table = await screen.findByRole('table', { name: 'Controls in scope' });
    const rowsShown = () => within(table).getAllByRole('rowheader').length;
    expect(rowsShown()).toBe(25);
    within(table).getByText('Control CC-01');
    expect(within(table).queryByText('Control CC-26')).toBeNull();
    const pages = screen.getByRole('navigation', { name: 'Pages of controls' });
    within(pages).getByText('Controls 1–25 of 60');
    expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    within(pages).getByText('Controls 51–60 of 60');
    expect(rowsShown()).toBe(10);
    within(table).getByText('Control CC-60');
    expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Status'), 'not_started');
    await waitFor(() => within(screen.getByRole('navigation', { name: 'Pages of controls' })).getByText('Controls 1–25 of 60'));
  });
});

describe('the evidence register', () => {
  it('lists evidence by state and adds a link for a control', async () => {
    const posted = vi.fn();
    const calls = stubApi((call) => {
      if (call.path === '/api/v1/evidence/links') {
        posted(call.body);
        return evidence({
          id: '5e4d3c2b-1a09-4876-9543-210fedcba987',
          kind: 'link',
          url: 'https://wiki.example.com/mfa',
          title: 'MFA policy',
          state: 'current',
          controlIds: ['DP-01'],
        });
      }
      if (call.path === '/api/v1/evidence') return { organizationId: ORG_ID, evidence: [evidence()], total: 1 };
      return BASE[call.path];
    });
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: `${TAB}&section=evidence&state=expiring`, role: 'client' });
    const list = await screen.findByRole('list', { name: 'Evidence' });
    within(list).getByText('Expiring soon');
    within(list).getByRole('button', { name: 'Sign off Q3 access review' }); // uploaded by someone else
    expect(calls.find((call) => call.path === '/api/v1/evidence')?.query.get('state')).toBe('expiring');

    await user.click(screen.getByRole('button', { name: 'Add evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add evidence' });
    await user.click(within(dialog).getByRole('radio', { name: 'A link' }));
    await user.type(within(dialog).getByLabelText(/Address/), 'https://wiki.example.com/mfa');
    await user.type(within(dialog).getByLabelText(/Title/), 'MFA policy');
    await user.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    within(dialog).getByText('Link the evidence to at least one control');
    expect(posted).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('checkbox', { name: /DP-01/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(posted.mock.calls[0]?.[0]).toMatchObject({ url: 'https://wiki.example.com/mfa', title: 'MFA policy', controlIds: ['DP-01'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('uploads a file as multipart: the fields as JSON, then the file', async () => {
    let form: FormData | null = null;
    stubApi((call) => {
      if (call.path === '/api/v1/evidence' && call.method === 'POST') {
        form = call.body as FormData;
        return evidence({ state: 'current' });
      }
      if (call.path === '/api/v1/evidence') return { organizationId: ORG_ID, evidence: [], total: 0 };
      return BASE[call.path];
    });
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: `${TAB}&section=evidence&control=AC-03`, role: 'client' });
    await screen.findByText('No evidence matches');
    await user.click(screen.getByRole('button', { name: 'Add evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add evidence' });
    await user.upload(within(dialog).getByLabelText(/^File/), new File(['%PDF-1.7'], 'access-review.pdf', { type: 'application/pdf' }));
    expect((within(dialog).getByLabelText(/Title/) as HTMLInputElement).value).toBe('access-review');
    expect((within(dialog).getByRole('checkbox', { name: /AC-03/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    await waitFor(() => expect(form).not.toBeNull());
    const sent = form as unknown as FormData;
    expect([...sent.keys()]).toEqual(['fields', 'file']);
    expect(JSON.parse(String(sent.get('fields')))).toMatchObject({ title: 'access-review', controlIds: ['AC-03'] });
    expect((sent.get('file') as File).name).toBe('access-review.pdf');
  });

  it('shows the server’s refusal of an upload on the field it names, and asks for a file first', async () => {
    stubApi((call) => {
      if (call.path === '/api/v1/evidence' && call.method === 'POST') {
        const issues = [{ path: 'body.fields.title', message: 'That title is taken' }];
        return Response.json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid request', issues } }, { status: 400 });
      }
      if (call.path === '/api/v1/evidence') return { organizationId: ORG_ID, evidence: [], total: 0 };
      return BASE[call.path];
    });
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: `${TAB}&section=evidence&control=AC-03`, role: 'client' });
    await screen.findByText('No evidence matches');
    await user.click(screen.getByRole('button', { name: 'Add evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add evidence' });
    await user.type(within(dialog).getByLabelText(/Title/), 'Access review');
    await user.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    await within(dialog).findByText('Choose a file');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^File/));

    await user.upload(within(dialog).getByLabelText(/^File/), new File(['%PDF-1.7'], 'access-review.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    await within(dialog).findByText('That title is taken');
    expect(within(dialog).getByLabelText(/Title/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Title/));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('the risk register', () => {
  it('shows open risks on the heat maps and adds a risk with its scores', async () => {
    const created = vi.fn();
    stubApi((call) => {
      if (call.path === '/api/v1/risks' && call.method === 'POST') {
        created(call.body);
        return risk({ id: '8b7c6d5e-4f3a-4b2c-9d1e-0f9a8b7c6d5e', ref: 'R-002', title: 'Vendor outage' });
      }
      if (call.path === '/api/v1/risks') return riskList([risk()]);
      return BASE[call.path];
    });
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: `${TAB}&section=risks`, role: 'client' });
    const list = await screen.findByRole('list', { name: 'Risks' });
    within(list).getByText('Inherent 64 · Medium Risk');
    within(list).getByText('Residual 32 · Low Risk');
    const [inherent] = screen.getAllByTestId('risk-heat-map');
    within(inherent as HTMLElement).getByLabelText('Likelihood 4, impact 4 (Medium Risk): 1 risk');

    await user.click(screen.getByRole('button', { name: 'Add a risk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a risk' });
    await user.click(within(dialog).getByRole('button', { name: 'Add risk' }));
    await within(dialog).findByText('Name the risk (at least 3 characters)');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Risk/));
    expect(created).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/^Risk/), 'Vendor outage');
    await user.selectOptions(within(dialog).getByLabelText('Likelihood'), '5');
    await user.selectOptions(within(dialog).getByLabelText('Impact'), '4');
    within(dialog).getByText('Inherent 80 · High Risk');
    await user.selectOptions(within(dialog).getByLabelText('Treatment'), 'transfer');
    await user.selectOptions(within(dialog).getByLabelText('Owner'), '');
    await user.type(within(dialog).getByLabelText('Review on'), '2027-02-01');
    await user.type(within(dialog).getByLabelText('Treatment plan'), 'A second supplier on standby.');
    await user.click(within(dialog).getByRole('checkbox', { name: /AC-03/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add risk' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(created.mock.calls[0]?.[0]).toMatchObject({
      title: 'Vendor outage',
      likelihood: 5,
      impact: 4,
      treatment: 'transfer',
      controlIds: ['AC-03'],
      residualLikelihood: 2,
      ownerId: null,
      reviewDate: '2027-02-01',
    });
    expect(created.mock.calls[0]?.[0]).not.toHaveProperty('region');
  });
});

describe('the controls import', () => {
  it('maps the columns, previews a dry run, and applies only after the preview', async () => {
    const imports: Record<string, unknown>[] = [];
    stubApi((call) => {
      if (call.path === '/api/v1/registers/controls/import') {
        const body = call.body as { dryRun: boolean };
        imports.push(call.body as Record<string, unknown>);
        return importResult(body.dryRun);
      }
      return BASE[call.path];
    });
    const user = userEvent.setup();
    renderWorkspaceRoute(<DashboardRoute />, { url: `${TAB}&section=controls`, role: 'client' });
    await user.click(await screen.findByRole('button', { name: /Import controls/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Import controls from CSV' });
    const csv = 'Control ID,Status,"Owner e-mail"\nAC-03,implemented,ada@example.com\nDP-01,not_started,\n';
    await user.upload(within(dialog).getByLabelText(/CSV file/), new File([csv], 'controls.csv', { type: 'text/csv' }));
    const preview = await within(dialog).findByRole('region', { name: 'Dry run preview' });
    expect(preview.textContent).toContain('status: in_progress → implemented');
    expect((within(dialog).getByLabelText('Control ID') as HTMLSelectElement).value).toBe('controlId');
    expect((within(dialog).getByLabelText('Owner e-mail') as HTMLSelectElement).value).toBe('ownerEmail');
    expect(imports.every((body) => body.dryRun === true)).toBe(true);
    expect(imports.at(-1)?.mapping).toEqual({ 'Control ID': 'controlId', Status: 'status', 'Owner e-mail': 'ownerEmail' });

    await user.selectOptions(within(dialog).getByLabelText('Owner e-mail'), '');
    expect((within(dialog).getByRole('button', { name: 'Apply import' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Preview changes' }));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Apply import' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(dialog).getByRole('button', { name: 'Apply import' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(imports.at(-1)).toMatchObject({ dryRun: false, mapping: { 'Control ID': 'controlId', Status: 'status' } });
  });
});
