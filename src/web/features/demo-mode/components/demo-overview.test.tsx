import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { DemoModeProvider } from '../demo-mode.tsx';
import { DemoBanner } from './demo-banner.tsx';
import { DemoModeToggle } from './demo-mode-toggle.tsx';
import { DemoOverview } from './demo-overview.tsx';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <DemoModeProvider>
        <DemoModeToggle />
        <DemoBanner />
        <DemoOverview />
      </DemoModeProvider>
    </MemoryRouter>,
  );
}

describe('demo overview and banner', () => {
  it('show nothing in normal mode', () => {
    renderAt('/dashboard-compliancecore');
    expect(screen.queryByTestId('demo-overview')).toBeNull();
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });

  it('show the demo data object when the URL has demo=true', () => {
    renderAt('/dashboard-compliancecore?demo=true');
    const overview = screen.getByTestId('demo-overview');
    within(overview).getByRole('heading', { name: 'Northwind Health Partners' });
    for (const text of ['Healthcare technology', '240', '2016', 'Austin, Texas', '24', '187', '12', '98.5%']) {
      within(overview).getByText(text);
    }
    expect(screen.getByRole('region', { name: 'Demo mode' }).textContent).toContain('you are viewing sample data');
  });

  it('say exactly which parts are sample, and never that nothing shown is the organization’s data', () => {
    renderAt('/dashboard-compliancecore?tab=analytics&demo=true');
    const banner = screen.getByRole('region', { name: 'Demo mode' }).textContent ?? '';
    expect(banner).not.toContain('Nothing you see here');
    expect(banner).toContain(
      "The dashboard's Overview tab and its deliverables section show Northwind Health Partners, a fictional company. The other dashboard tabs, task requests, administration and your profile show your organization's real data.",
    );
  });

  it('follow the workspace switch and the stored flag', async () => {
    renderAt('/dashboard-compliancecore');
    await userEvent.click(screen.getByRole('switch', { name: 'Demo mode' }));
    screen.getByTestId('demo-overview');
    expect(window.localStorage.getItem(STORAGE_KEYS.demoMode)).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Disable Demo Mode' }));
    expect(screen.queryByTestId('demo-overview')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Demo mode' }).getAttribute('aria-checked')).toBe('false');
  });
});
