import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import RoiCalculatorPage from './roi-calculator.tsx';

function renderPage() {
  const router = createMemoryRouter([{ path: '/', element: <RoiCalculatorPage /> }]);
  return render(<RouterProvider router={router} />);
}

describe('RoiCalculatorPage', () => {
  it('carries the inputs into the consultation message of Book Demo', () => {
    renderPage();
    const link = screen.getByRole('link', { name: 'Book Demo' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://site.test');
    expect(url.pathname).toBe('/');
    expect(url.hash).toBe('#contact');
    expect(url.searchParams.get('interest')).toBe('growth');
    const message = url.searchParams.get('consultation') ?? '';
    expect(message).toContain('- Employees: 120');
    expect(message).toContain('- Internal compliance time: 80 hours/month at $95/hour');
    expect(message).toContain('Estimate: $191,200/year today vs $122,800/year with Growth');
  });
});
