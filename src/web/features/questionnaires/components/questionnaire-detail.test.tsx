import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question, Questionnaire } from '../../../../shared/schemas/questionnaires.ts';
import { QuestionnaireDetail } from './questionnaire-detail.tsx';

const ID = '22222222-2222-4222-8222-222222222222';
const question = (id: string, overrides: Partial<Question>): Question => ({
  id,
  sheet: 'Security',
  row: 5,
  text: 'Is multi-factor authentication required?',
  asksYesNo: true,
  shortAnswer: 'yes',
  answer: 'Yes. Multi-factor authentication is enforced for remote and administrative access.',
  citations: [{ kind: 'control', id: 'IAM-05', label: 'IAM-05 Multi-factor authentication' }],
  confidence: 92,
  status: 'draft',
  duplicateOfId: null,
  assignee: null,
  reviewedAt: null,
  ...overrides,
});
const MFA = question('a0000000-0000-4000-8000-000000000001', {});
const INSURANCE = question('a0000000-0000-4000-8000-000000000002', {
  row: 6,
  text: 'Do you carry cyber insurance?',
  shortAnswer: null,
  answer: '',
  citations: [],
  confidence: 5,
  status: 'unanswered',
});
const REPEAT = question('a0000000-0000-4000-8000-000000000003', { row: 7, duplicateOfId: MFA.id });

const QUESTIONNAIRE: Questionnaire = {
  id: ID,
  organizationId: '11111111-1111-4111-8111-111111111111',
  name: 'Acme vendor assessment',
  fileName: 'acme.xlsx',
  format: 'xlsx',
  status: 'answered',
  progress: { done: 3, total: 3 },
  counts: { answered: 2, unanswered: 1, accepted: 0, duplicates: 1 },
  error: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:01:00.000Z',
  sheets: [
    {
      sheet: 'Security',
      included: true,
      hidden: false,
      headerRow: 4,
      questionColumn: 3,
      answerColumn: 5,
      shortAnswerColumn: 4,
      rowCount: 7,
      questionCount: 3,
      columns: [3, 4, 5].map((column) => ({ column, label: `Column ${column}` })),
    },
  ],
  warnings: [],
  questions: [MFA, INSURANCE, REPEAT],
};

const ASSIGNEES = [
  { userId: 'b0000000-0000-4000-8000-000000000001', label: 'ines@acme.test' },
  { userId: 'b0000000-0000-4000-8000-000000000002', label: 'tom@acme.test' },
];

function serve() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      sent.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(QUESTIONNAIRE), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const renderDetail = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <QuestionnaireDetail id={ID} canReview assignees={ASSIGNEES} />
    </QueryClientProvider>,
  );

describe('QuestionnaireDetail', () => {
  it('shows each answer with its sources, the question needing a person, and the duplicate answered once', async () => {
    serve();
    renderDetail();
    await screen.findByRole('heading', { name: 'Acme vendor assessment' });
    expect(screen.getAllByText(/Sources: IAM-05 Multi-factor authentication/)).toHaveLength(2);
    screen.getByText('Needs a person');
    screen.getByText(/same as question 1, answered once/);
    expect((screen.getByRole('combobox', { name: 'Questions' }) as HTMLSelectElement).value).toBe('3');
  });

  it('accepts every high-confidence draft in one call', async () => {
    const sent = serve();
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept 2 high-confidence answers' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'PATCH')).toBe(true));
    expect(sent.find((call) => call.method === 'PATCH')).toMatchObject({
      url: `/api/v1/questionnaires/${ID}/answers`,
      body: { action: 'acceptHighConfidence' },
    });
  });

  it('refuses an empty written answer next to the field, sending nothing', async () => {
    const sent = serve();
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Write the answer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and accept' }));
    await screen.findByText('Write the answer', { selector: 'p' });
    expect(sent.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('hands a question to a colleague, and back to nobody, as soon as one is chosen', async () => {
    const sent = serve();
    renderDetail();
    await screen.findByRole('heading', { name: 'Acme vendor assessment' });
    const [first] = screen.getAllByRole('combobox', { name: 'Assigned to' });
    if (!first) throw new Error('no Assigned to control');
    expect((first as HTMLSelectElement).value).toBe('');
    await userEvent.selectOptions(first, 'tom@acme.test');
    await waitFor(() => expect(sent.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'PATCH')).toMatchObject({
      url: `/api/v1/questionnaires/${ID}/answers`,
      body: { action: 'reassign', questionId: MFA.id, assigneeId: ASSIGNEES[1]?.userId },
    });
    await userEvent.selectOptions(first, 'Nobody');
    await waitFor(() => expect(sent.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(sent.filter((call) => call.method === 'PATCH')[1]?.body).toEqual({ action: 'reassign', questionId: MFA.id, assigneeId: null });
  });
});
