import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWorkspaceRoute, serveApi } from '../../../../tests/render-workspace-route.tsx';
import { ProgramAnalytics } from './program-analytics.tsx';

afterEach(() => vi.unstubAllGlobals());

// The tables sit in closed "Show the numbers" disclosures.
const hidden = true;

const ORG = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const month = (key: string, values: Partial<Record<'completed' | 'completedOnTime' | 'overdue' | 'approvalsWaiting', number>>) => {
  const completed = values.completed ?? 0;
  const completedOnTime = values.completedOnTime ?? 0;
  return {
    month: key,
    completed,
    completedOnTime,
    onTimeRate: completed === 0 ? null : completedOnTime / completed,
    overdue: values.overdue ?? 0,
    approvalsWaiting: values.approvalsWaiting ?? 0,
  };
};

describe('Program Analytics on /program-execution', () => {
  it('shows each month’s numbers in the tables beside the charts', async () => {
    serveApi({
      '/api/v1/program-analytics': {
        organizationId: ORG,
        generatedAt: '2026-11-27T09:00:00.000Z',
        months: [
          month('2026-09', { completed: 4, completedOnTime: 3, overdue: 2, approvalsWaiting: 1 }),
          month('2026-10', { overdue: 1 }),
          month('2026-11', { completed: 2, completedOnTime: 2, approvalsWaiting: 3 }),
        ],
      },
    });
    renderWorkspaceRoute(<ProgramAnalytics organizationId={undefined} />, { url: '/program-execution', role: 'client' });
    await screen.findByRole('heading', { name: 'Program Analytics' });
    const onTime = within(await screen.findByRole('table', { name: 'On-time completion', hidden }));
    const september = onTime.getByRole('row', { name: /September 2026/, hidden });
    expect(
      within(september)
        .getAllByRole('cell', { hidden })
        .map((cell) => cell.textContent),
    ).toEqual(['75', '4', '3']);
    expect(within(onTime.getByRole('row', { name: /October 2026/, hidden })).getAllByRole('cell', { hidden })[0]?.textContent).toBe('–');
    const overdue = within(screen.getByRole('table', { name: 'Overdue trend', hidden }));
    expect(within(overdue.getByRole('row', { name: /October 2026/, hidden })).getByRole('cell', { hidden }).textContent).toBe('1');
    const approvals = within(screen.getByRole('table', { name: 'Approvals waiting', hidden }));
    expect(within(approvals.getByRole('row', { name: /November 2026/, hidden })).getByRole('cell', { hidden }).textContent).toBe('3');
    // Each table scrolls in a frame a keyboard can focus (nothing inside it takes focus).
    const frame = screen.getByRole('region', { name: 'On-time completion', hidden });
    expect(frame.tabIndex).toBe(0);
    within(frame).getByRole('table', { hidden });
  });

  it('says so when nothing happened yet', async () => {
    serveApi({
      '/api/v1/program-analytics': { organizationId: ORG, generatedAt: '2026-11-27T09:00:00.000Z', months: [month('2026-11', {})] },
    });
    renderWorkspaceRoute(<ProgramAnalytics organizationId={undefined} />, { url: '/program-execution', role: 'client' });
    await screen.findByText('No task request was delivered in the last 12 months.');
    screen.getByText('Nothing was overdue at any month end. Well kept.');
  });
});
