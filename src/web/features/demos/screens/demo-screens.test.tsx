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
    screen.getByText('Step 1 of 3: Details');

    const classify = screen.getByRole('button', { name: 'Classify with AI' });
    expect((classify as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Title'), 'Vendor review');
    await user.type(screen.getByLabelText('Description'), 'Assess CloudPay');
    await user.selectOptions(screen.getByLabelText('Department'), 'risk');
    expect(
      within(screen.getByLabelText('Department'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a department', 'Compliance', 'Risk', 'Legal', 'Operations']);
    fireEvent.change(screen.getByLabelText('Deadline'), { target: { value: '2025-04-30' } });
    vi.useFakeTimers();
    fireEvent.click(classify);

    screen.getByText('Step 2 of 3: AI Classification');
    expect(progress().getAttribute('aria-valuenow')).toBe('66.66');
    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(screen.queryByText('Step 3 of 3: Review')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    screen.getByText('Step 3 of 3: Review');
    expect(progress().getAttribute('aria-valuenow')).toBe('99.99');

    screen.getByText('High');
    screen.getByText('Medium');
    screen.getByText('5-7 days');
    screen.getByText('Vendor review');
    screen.getByText('2025-04-30');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
    screen.getByText('Step 1 of 3: Details');
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
    screen.getByText('1 of 4 agents active');
  });
});

describe('the AI output review', () => {
  it('requires a human decision; approve goes to final delivery, reject back for revision', async () => {
    const user = userEvent.setup();
    render(<OutputReview />);
    screen.getByText('Human decision required');
    screen.getByText('Pending review');
    screen.getByText('Medium Risk'); // risk score 72

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('status').textContent).toBe('Approved: sent to final delivery');
    screen.getByText('Approved');
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Review Another Output' }));
    screen.getByText('Pending review');
    screen.getByText('Low Risk'); // risk score 28
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('status').textContent).toBe('Rejected: sent back for revision');

    await user.click(screen.getByRole('button', { name: 'Review Another Output' }));
    screen.getByText('High Risk'); // risk score 86
  });
});

describe('the deliverables', () => {
  it('shows the four statuses and filters by them', async () => {
    const user = userEvent.setup();
    render(<Deliverables />);
    for (const label of ['Completed (1)', 'In Review (1)', 'Pending (1)', 'Overdue (1)']) {
      screen.getByRole('button', { name: label });
    }
    await user.click(screen.getByRole('button', { name: 'Overdue (1)' }));
    expect(screen.getByRole('button', { name: 'Overdue (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(['DPIA: customer analytics v0.3']);
  });
});

describe('the quality scores', () => {
  it('shows 92.3, +2.4% this month, trend bars 92/89/85 and the quarter improvement', () => {
    render(<QualityScores />);
    screen.getByText('92.3');
    screen.getByText('+2.4% this month');
    screen.getByText('7% improvement over last quarter');
    const bars = screen.getByRole('img', { name: 'Quality trend' });
    expect(Array.from(bars.querySelectorAll('span.rounded-t')).map((bar) => (bar as HTMLElement).style.height)).toEqual([
      '92%',
      '89%',
      '85%',
    ]);
  });

  it('bands scores at 90 and 80 and shows the success icon only for 0 issues', () => {
    render(<QualityScores />);
    screen.getByText('95 · Excellent');
    screen.getByText('84 · Good');
    screen.getByText('72 · Needs Improvement');
    expect(screen.getAllByTestId('no-issues-icon')).toHaveLength(1);
    screen.getByText('2 issues');
    screen.getByText('5 issues');
  });
});
