import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MemoryRouter, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_TABS, type DashboardTab } from '../../../../shared/workspace-links.ts';
import { parseDashboardSearch } from '../dashboard-search.ts';
import { DashboardTabs } from './dashboard-tabs.tsx';

afterEach(() => vi.restoreAllMocks());

let isBroken = false;
function FlakyChart() {
  if (isBroken) throw new Error('chart data was malformed');
  return <p>Chart drawn</p>;
}

function Harness() {
  const [params] = useSearchParams();
  const panels = Object.fromEntries(DASHBOARD_TABS.map((tab) => [tab, <p key={tab}>{`${tab} panel`}</p>])) as Record<
    DashboardTab,
    React.ReactNode
  >;
  return <DashboardTabs tab={parseDashboardSearch(params).tab} panels={{ ...panels, analytics: <FlakyChart /> }} />;
}

describe('DashboardTabs', () => {
  it('contains a panel that throws: the component fallback with Retry, and the other tabs still work', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    isBroken = true;
    render(
      <MemoryRouter initialEntries={['/dashboard-compliancecore?tab=analytics']}>
        <Harness />
      </MemoryRouter>,
    );
    const fallback = await screen.findByRole('alert');
    expect(fallback.textContent).toContain('This component failed to load');
    screen.getByRole('tablist', { name: 'Dashboard sections' });

    isBroken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Chart drawn');

    isBroken = true;
    await userEvent.click(screen.getByRole('tab', { name: 'Support' }));
    await screen.findByText('support panel');
    await userEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
    await screen.findByText('This component failed to load');
    await userEvent.click(screen.getByRole('tab', { name: 'Frameworks' }));
    await screen.findByText('frameworks panel');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
