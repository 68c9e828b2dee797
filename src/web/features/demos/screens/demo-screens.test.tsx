import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentsList } from './agents-list.tsx';
import { CreateTaskWizard } from './create-task-wizard.tsx';
import { Deliverables } from './deliverables.tsx';
import { OutputReview } from './output-review.tsx';
import { QualityScores } from './quality-scores.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('the create-task wizard', () => {
  it('goes details → AI classification → review after 2 s, with progress step × 33.33', async () => {
    const user = userEvent.setup();
    render(<CreateTaskWizard />);
    const progress = () => screen.getByRole('progressbar', { name: 'Task request progress' });
    expect(progress().getAttribute('aria-valuenow')).toBe('33.33');
    expect(screen.getByText('Step 1 of 3: Details')).toBeTruthy();

    const classify = screen.getByRole('button', { name: 'Classify with AI' });
    expect((classify as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Title'), 'Vendor review');
    await user.type(screen.getByLabelText('Description'), 'Assess CloudPay');
    await user.selectOptions(screen.getByLabelText('Department'), 'risk');
    expect(within(screen.getByLabelText('Department')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a department',
      'Compliance',
      'Risk',
      'Legal',
      'Operations',
    ]);
    fireEvent.change(screen.getByLabelText('Deadline'), { target: { value: '2025-04-30' } });
    vi.useFakeTimers();
    fireEvent.click(classify);

    expect(screen.getByText('Step 2 of 3: AI Classification')).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('66.66');
    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.queryByText('Step 3 of 3: Review')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Step 3 of 3: Review')).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('99.99');

    expect(screen.getByText('High')).toBeTruthy();
    expect(screen.getByText('Medium')).toBeTruthy();
    expect(screen.getByText('5-7 days')).toBeTruthy();
    expect(screen.getByText('Vendor review')).toBeTruthy();
    expect(screen.getByText('2025-04-30')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
    expect(screen.getByText('Step 1 of 3: Details')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Vendor review');
  });
});

describe('the AI agents list', () => {
  it('labels active, standby and maintenance, and anything else Unknown', () => {
    const agent = { type: 'x', tasksCompleted: 1, successRate: 90, currentTask: null, performance: 50 };
    render(
      <AgentsList
        agents={[
          { ...agent, id: 'a', name: 'A', status: 'active' },
          { ...agent, id: 'b', name: 'B', status: 'standby' },
          { ...agent, id: 'c', name: 'C', status: 'maintenance' },
          { ...agent, id: 'd', name: 'D', status: 'exploded' },
        ]}
      />,
    );
    const statuses = ['A', 'B', 'C', 'D'].map((name) => {
      const card = screen.getByRole('heading', { name }).closest('div.grid');
      return card?.querySelector('span.rounded-full')?.textContent;
    });
    expect(statuses).toEqual(['Active', 'Standby', 'Maintenance', 'Unknown']);
    expect(screen.getByText('1 of 4 agents active')).toBeTruthy();
  });
});

describe('the AI output review', () => {
  it('requires a human decision; approve goes to final delivery, reject back for revision', async () => {
    const user = userEvent.setup();
    render(<OutputReview />);
    expect(screen.getByText('Human decision required')).toBeTruthy();
    expect(screen.getByText('Pending review')).toBeTruthy();
    expect(screen.getByText('Medium Risk')).toBeTruthy(); // risk score 72

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('status').textContent).toBe('Approved: sent to final delivery');
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Review Another Output' }));
    expect(screen.getByText('Pending review')).toBeTruthy();
    expect(screen.getByText('Low Risk')).toBeTruthy(); // risk score 28
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('status').textContent).toBe('Rejected: sent back for revision');

    await user.click(screen.getByRole('button', { name: 'Review Another Output' }));
    expect(screen.getByText('High Risk')).toBeTruthy(); // risk score 86
  });
});

describe('the deliverables', () => {
  it('shows the four statuses and filters by them', async () => {
    const user = userEvent.setup();
    render(<Deliverables />);
    for (const label of ['Completed (1)', 'In Review (1)', 'Pending (1)', 'Overdue (1)']) {
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Overdue (1)' }));
    expect(screen.getByRole('button', { name: 'Overdue (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(['DPIA: customer analytics v0.3']);
  });
});

describe('the quality scores', () => {
  it('shows 92.3, +2.4% this month, trend bars 92/89/85 and the quarter improvement', () => {
    render(<QualityScores />);
    expect(screen.getByText('92.3')).toBeTruthy();
    expect(screen.getByText('+2.4% this month')).toBeTruthy();
    expect(screen.getByText('7% improvement over last quarter')).toBeTruthy();
    const bars = screen.getByRole('img', { name: 'Quality trend' });
    expect(Array.from(bars.querySelectorAll('span.rounded-t')).map((bar) => (bar as HTMLElement).style.height)).toEqual([
      '92%',
      '89%',
      '85%',
    ]);
  });

  it('bands scores at 90 and 80 and shows the success icon only for 0 issues', () => {
    render(<QualityScores />);
    expect(screen.getByText('95 · Excellent')).toBeTruthy();
    expect(screen.getByText('84 · Good')).toBeTruthy();
    expect(screen.getByText('72 · Needs Improvement')).toBeTruthy();
    expect(screen.getAllByTestId('no-issues-icon')).toHaveLength(1);
    expect(screen.getByText('2 issues')).toBeTruthy();
    expect(screen.getByText('5 issues')).toBeTruthy();
  });
});
