import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { FAKE_USER_ID, accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { AuthContext, type AuthContextValue } from '../../auth/auth.tsx';
import { PresentationModeProvider } from '../../presentation/presentation-mode.tsx';
import { resetChat } from '../chat-store.ts';
import { AdvisorDock } from './advisor-dock.tsx';
import { DOCK_SPACE_PROPERTY, LAUNCHER_ATTRIBUTE } from './advisor-widget.tsx';

const USER_ID = FAKE_USER_ID;
const PLAN_ID = '0c0f8b3e-8d8a-4f1e-9a55-3a4d1c2b7e10';
const WORKFLOW_ID = '5a1b9c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

const auth = fakeAuth;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderWidget(path = '/dashboard-compliancecore', value: AuthContextValue = auth()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={value}>
        <PresentationModeProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
            <AdvisorDock />
          </MemoryRouter>
          <Toaster />
        </PresentationModeProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const NOW = '2026-11-01T10:00:00.000Z';
const plan = {
  id: PLAN_ID,
  subscription_id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  user_id: USER_ID,
  title: 'Set up quarterly access reviews',
  description: 'Export user lists.',
  status: 'draft',
  source_mode: 'general',
  raw_message: 'Help us run access reviews',
  created_at: NOW,
  updated_at: NOW,
  submitted_at: null,
  reviewed_at: null,
  review_note: null,
  step_count: 1,
  steps: [],
};
const workflow = {
  id: WORKFLOW_ID,
  lineage_id: WORKFLOW_ID,
  name: 'Set up quarterly access reviews',
  description: '',
  category: 'compliance',
  nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Start' } }],
  edges: [],
  is_public: false,
  user_id: USER_ID,
  version: 1,
  created_at: NOW,
  versions: [{ id: WORKFLOW_ID, version: 1, created_at: NOW }],
};
const reply = {
  success: true,
  message: 'Review access **quarterly** (SOC 2 CC6.3). See [the guide](/knowledge-base/access-reviews).',
  suggestion: { title: 'Set up quarterly access reviews', description: 'Export user lists.', category: 'security', priority: 3 },
  messageId: '8f7e6d5c-4b3a-4291-8877-665544332211',
};

/** The network boundary: answers the widget's calls as each test says; history is empty. */
function serve(routes: Record<string, Handler>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (url.startsWith('/api/v1/advisor/messages')) return json(200, { messages: [] });
      const handler = routes[url.split('?')[0] ?? url];
      return handler ? handler(url, init) : json(404, { error: { code: 'NOT_FOUND', message: 'nope' } });
    }),
  );
  return calls;
}
const asks = <T extends { url: string }>(calls: T[]) => calls.filter((call) => call.url === '/functions/v1/task-chat-assistant');

async function openWidget(context = 'SOC 2 readiness') {
  await screen.findByRole('button', { name: 'Open the compliance advisor' });
  act(() => void window.dispatchEvent(new CustomEvent('open-csquare', { detail: context })));
  return screen.findByRole('textbox', { name: 'Ask the compliance advisor' });
}

// The dock loads the widget lazily; load it once up front so no test waits on the import.
beforeAll(async () => {
  await import('./advisor-widget.tsx');
});
beforeEach(() => resetChat());
afterEach(() => vi.unstubAllGlobals());

describe('the advisor widget', () => {
  it('shows only on workspace paths and for a signed-in user, minimized at first', async () => {
    serve({});
    const { unmount } = renderWidget('/pricing');
    expect(screen.queryByTestId('advisor-widget')).toBeNull();
    unmount();
    const signedOut = renderWidget('/task-requests', auth({ user: null, session: null }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open the compliance advisor' })).toBeNull());
    signedOut.unmount();
    renderWidget('/auditor-portal');
    await screen.findByRole('button', { name: 'Open the compliance advisor' });
    expect(screen.queryByTestId('advisor-panel')).toBeNull();
  });

  it('opens on open-csquare with its context, updates it on workflow-context-update, and expands to 500×600', async () => {
    serve({});
    renderWidget();
    const input = await openWidget('SOC 2 readiness workflow');
    expect(document.activeElement).toBe(input);
    const panel = screen.getByTestId('advisor-panel');
    within(panel).getByText('SOC 2 readiness workflow');
    expect([panel.dataset.width, panel.dataset.height]).toEqual(['384', '500']);
    act(() => void window.dispatchEvent(new CustomEvent('workflow-context-update', { detail: 'GDPR breach workflow' })));
    within(panel).getByText('GDPR breach workflow');
    await userEvent.click(screen.getByRole('button', { name: 'Expand chat' }));
    expect(screen.getByTestId('advisor-panel').dataset).toMatchObject({ size: 'expanded', width: '500', height: '600' });
    await userEvent.click(screen.getByRole('button', { name: 'Minimize chat' }));
    expect(screen.queryByTestId('advisor-panel')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open the compliance advisor' }));
  });

  it('sends on Enter: the message appears, then Thinking..., then the reply rendered as safe Markdown', async () => {
    let answer: (response: Response) => void = () => {};
    const calls = serve({ '/functions/v1/task-chat-assistant': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWidget();
    const input = await openWidget('Access review workflow');
    await userEvent.type(input, 'How do we run access reviews?{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation' });
    within(log).getByText('How do we run access reviews?');
    expect(screen.getByRole('status').textContent).toBe('Thinking...');
    expect((input as HTMLTextAreaElement).value).toBe('');
    const [sent] = asks(calls);
    expect(sent?.body).toMatchObject({
      message: 'How do we run access reviews?',
      mode: 'general',
      context: {
        userInfo: { id: USER_ID, email: 'ada@example.com' },
        mode: 'general',
        portalContext: '/dashboard-compliancecore',
        additionalContext: 'Access review workflow',
      },
    });
    await act(async () => answer(json(200, reply)));
    await within(log).findByText('quarterly');
    expect(within(log).getByText('quarterly').tagName).toBe('STRONG');
    expect(within(log).getByRole('link', { name: 'the guide' }).getAttribute('href')).toBe('/knowledge-base/access-reviews');
    expect(screen.queryByText('Thinking...')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.aiTaskSuggestion) ?? 'null')).toMatchObject({
      ...reply.suggestion,
      question: 'How do we run access reviews?',
    });
    within(log).getByRole('button', { name: 'Use plan' });
    within(log).getByRole('button', { name: 'Generate workflow' });
  });

  it('makes a new line on Shift+Enter and ignores empty messages and sends while busy', async () => {
    const calls = serve({ '/functions/v1/task-chat-assistant': () => new Promise<Response>(() => {}) });
    renderWidget();
    const input = (await openWidget()) as HTMLTextAreaElement;
    await userEvent.type(input, '   {Enter}');
    expect(asks(calls)).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(input.value).toBe('First line\nsecond line');
    expect(asks(calls)).toHaveLength(0);
    await userEvent.type(input, '{Enter}');
    expect(asks(calls)).toHaveLength(1);
    await userEvent.type(input, 'Another question{Enter}');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(asks(calls)).toHaveLength(1);
    expect(input.value).toBe('Another question');
    expect(screen.getAllByText('First line second line', { normalizer: (text) => text.replace(/\s+/g, ' ') })).toHaveLength(1);
  });

  it('keeps the conversation when the user moves to another workspace page', async () => {
    serve({ '/functions/v1/task-chat-assistant': () => json(200, reply) });
    const first = renderWidget('/dashboard-compliancecore');
    await userEvent.type(await openWidget(), 'How do we run access reviews?{Enter}');
    await within(screen.getByRole('log')).findByText('quarterly');
    first.unmount();
    renderWidget('/profile');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    within(log).getByText('How do we run access reviews?');
    within(log).getByText('quarterly');
  });

  it("shows the server's error in a toast and apologises in the chat", async () => {
    serve({
      '/functions/v1/task-chat-assistant': () =>
        json(503, { error: { code: 'UNAVAILABLE', message: 'The AI advisor did not answer within 30 seconds. Please try again.' } }),
    });
    renderWidget();
    const input = await openWidget();
    await userEvent.type(input, 'What is SOC 2?{Enter}');
    const toast = await screen.findByTestId('toast');
    within(toast).getByText('Error');
    within(toast).getByText('The AI advisor did not answer within 30 seconds. Please try again.');
    within(screen.getByRole('log')).getByText("Sorry, I'm having trouble connecting right now. Please try again.");
  });

  it("falls back to 'Failed to get response from AI assistant' when there is no server message", async () => {
    serve({ '/functions/v1/task-chat-assistant': () => json(200, { success: false, message: '' }) });
    renderWidget();
    await userEvent.type(await openWidget(), 'What is SOC 2?{Enter}');
    within(await screen.findByTestId('toast')).getByText('Failed to get response from AI assistant');
    within(screen.getByRole('log')).getByText("Sorry, I'm having trouble connecting right now. Please try again.");
  });

  it('never renders raw HTML or unsafe links from an answer', async () => {
    serve({
      '/functions/v1/task-chat-assistant': () =>
        json(200, { success: true, message: 'Hi <img src=x onerror="alert(1)"> [click](javascript:alert(1)) <script>alert(2)</script>' }),
    });
    renderWidget();
    await userEvent.type(await openWidget(), 'Hello{Enter}');
    const log = screen.getByRole('log');
    await within(log).findByText(/Hi/);
    expect(log.querySelector('img, script')).toBeNull();
    expect(within(log).getByText('click').closest('a')?.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it("'Use plan' goes to the new plan, or says why it cannot", async () => {
    serve({
      '/functions/v1/task-chat-assistant': () => json(200, reply),
      '/api/v1/plans': () => json(201, plan),
    });
    renderWidget();
    await userEvent.type(await openWidget(), 'Help us run access reviews{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Use plan' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/task-requests?plan=${PLAN_ID}`));
    // The panel minimizes when it navigates, so the plan page it opened is not covered.
    expect(screen.queryByRole('textbox', { name: 'Ask the compliance advisor' })).toBeNull();
    await screen.findByRole('button', { name: 'Open the compliance advisor' });
  });

  it('offers only the actions the user may take: an auditor keeps no plan, but may turn advice into a workflow', async () => {
    serve({ '/functions/v1/task-chat-assistant': () => json(200, reply) });
    const auditor = auth({
      access: accessFor('auditor'),
      accessStatus: 'ready',
    });
    renderWidget('/auditor-portal', auditor);
    await userEvent.type(await openWidget(), 'Help us run access reviews{Enter}');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await within(log).findByText(/quarterly/);
    expect(within(log).queryByRole('button', { name: 'Use plan' })).toBeNull();
    within(log).getByRole('button', { name: 'Generate workflow' });
  });

  it("'Use plan' without a subscription toasts 'No subscription', and a failure 'Failed to save plan'", async () => {
    let answer = json(403, { error: { code: 'NO_SUBSCRIPTION', message: 'Please create a subscription first.' } });
    serve({
      '/functions/v1/task-chat-assistant': () => json(200, reply),
      '/api/v1/plans': () => answer,
    });
    renderWidget();
    await userEvent.type(await openWidget(), 'Help us run access reviews{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Use plan' }));
    const toast = await screen.findByTestId('toast');
    within(toast).getByText('No subscription');
    within(toast).getByText('Please create a subscription first.');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard-compliancecore');
    answer = json(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
    await userEvent.click(screen.getByRole('button', { name: 'Use plan' }));
    await screen.findByText('Failed to save plan');
  });

  it("'Generate workflow' opens the builder on the new workflow, or says it failed", async () => {
    serve({
      '/functions/v1/task-chat-assistant': () => json(200, reply),
      '/api/v1/workflows/generate': () => json(201, workflow),
    });
    renderWidget();
    await userEvent.type(await openWidget(), 'Help us run access reviews{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate workflow' }));
    const toast = await screen.findByTestId('toast');
    within(toast).getByText('Workflow created');
    within(toast).getByText('Opening Workflow Builder...');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`/dashboard-compliancecore?tab=workflows&view=builder&template=${WORKFLOW_ID}`),
    );
    expect(screen.queryByRole('textbox', { name: 'Ask the compliance advisor' })).toBeNull();
    await screen.findByRole('button', { name: 'Open the compliance advisor' });
  });

  it("'Generate workflow' failing says 'Failed to generate workflow'", async () => {
    serve({
      '/functions/v1/task-chat-assistant': () => json(200, reply),
      '/api/v1/workflows/generate': () => json(500, { error: { code: 'INTERNAL', message: 'x' } }),
    });
    renderWidget();
    await userEvent.type(await openWidget(), 'Help us run access reviews{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate workflow' }));
    within(await screen.findByTestId('toast')).getByText('Failed to generate workflow');
  });

  it('links the Quick Actions to the dashboard tabs', async () => {
    serve({});
    renderWidget();
    await openWidget();
    await userEvent.click(screen.getByRole('tab', { name: 'Quick Actions' }));
    const links = within(screen.getByRole('navigation', { name: 'Quick actions' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['compliance', 'frameworks', 'analytics', 'workflows', 'support', 'integrations'].map(
        (tab) => `/dashboard-compliancecore?tab=${tab}`,
      ),
    );
  });

  it('steps aside in presentation mode, keeping no room for itself', async () => {
    serve({});
    window.localStorage.setItem(STORAGE_KEYS.presentationMode, 'true');
    renderWidget();
    await waitFor(() => expect(document.documentElement.classList.contains('presentation-mode')).toBe(true));
    expect(screen.queryByTestId('advisor-widget')).toBeNull();
    expect(document.documentElement.hasAttribute(LAUNCHER_ATTRIBUTE)).toBe(false);
    expect(document.documentElement.style.getPropertyValue(DOCK_SPACE_PROPERTY)).toBe('');
    document.documentElement.classList.remove('presentation-mode');
  });
});

describe('where the advisor floats', () => {
  const root = document.documentElement;
  // jsdom lays nothing out: the dock measures what a laptop would draw the launcher at, everything else 0.
  function layOutDock(height: number) {
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'advisor-widget' ? DOMRect.fromRect({ width: 220, height }) : measure.call(this);
    });
  }
  afterEach(() => vi.restoreAllMocks());

  it('docks at the bottom centre (product.md §2), standing on the cookie banner', async () => {
    serve({});
    renderWidget();
    const launcher = await screen.findByRole('button', { name: 'Open the compliance advisor' });
    const dock = screen.getByTestId('advisor-widget');
    expect(dock.contains(launcher)).toBe(true);
    const placement = dock.className.split(' ');
    expect(placement).toEqual(expect.arrayContaining(['fixed', 'inset-x-0', 'bottom-(--advisor-dock-bottom)', 'justify-center']));
  });

  it('moves aside to the bottom-right corner while content scrolls under its place, and back to the centre at the page’s end', async () => {
    serve({});
    const root = document.documentElement;
    vi.spyOn(root, 'scrollHeight', 'get').mockReturnValue(3000);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    const scrollTo = (y: number) =>
      act(() => {
        vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
        window.dispatchEvent(new Event('scroll'));
      });
    scrollTo(0);
    renderWidget();
    const launcher = await screen.findByRole('button', { name: 'Open the compliance advisor' });
    const dock = screen.getByTestId('advisor-widget');
    // The top of a long page: the staff list, the canvas or a badge would be under the centre.
    await waitFor(() => expect(dock.dataset.placement).toBe('aside'));
    expect(dock.className.split(' ')).toContain('justify-end');
    expect(launcher.textContent).toBe('Compliance advisor');
    expect(within(launcher).getByText('Compliance advisor').className).toBe('hidden');
    // At the end, where the page keeps room for it: bottom centre (product.md §2).
    scrollTo(2200);
    expect(dock.dataset.placement).toBe('centre');
    expect(dock.className.split(' ')).toContain('justify-center');
    scrollTo(1000);
    expect(dock.dataset.placement).toBe('aside');
  });

  it('has the page keep room for its launcher while shown, and publishes its height for the toasts to stand above', async () => {
    serve({});
    layOutDock(64);
    const { unmount } = renderWidget();
    await screen.findByRole('button', { name: 'Open the compliance advisor' });
    expect(root.hasAttribute(LAUNCHER_ATTRIBUTE)).toBe(true);
    expect(root.style.getPropertyValue(DOCK_SPACE_PROPERTY)).toBe('64px');
    unmount();
    expect(root.hasAttribute(LAUNCHER_ATTRIBUTE)).toBe(false);
    expect(root.style.getPropertyValue(DOCK_SPACE_PROPERTY)).toBe('');
  });

  it('keeps no room on a page that does not show it', async () => {
    serve({});
    renderWidget('/pricing');
    await screen.findByTestId('where');
    expect(root.hasAttribute(LAUNCHER_ATTRIBUTE)).toBe(false);
    expect(root.style.getPropertyValue(DOCK_SPACE_PROPERTY)).toBe('');
  });
});
