import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdvisorDock } from './advisor-dock.tsx';

vi.mock('./advisor-widget.tsx', () => ({
  AdvisorWidget: () => {
    throw new Error('the widget could not start');
  },
}));

afterEach(() => vi.restoreAllMocks());

describe('AdvisorDock', () => {
  it('contains a widget that throws: the component fallback with Retry, and the page beside it stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/dashboard-compliancecore']}>
        <main>
          <h1>Dashboard</h1>
        </main>
        <AdvisorDock />
      </MemoryRouter>,
    );
    const fallback = await screen.findByRole('alert');
    expect(fallback.textContent).toContain('This component failed to load');
    screen.getByRole('button', { name: 'Retry' });
    screen.getByRole('heading', { name: 'Dashboard' });
  });
});
