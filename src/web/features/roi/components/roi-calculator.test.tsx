import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RoiCalculator } from './roi-calculator.tsx';

// 'Book Demo' with the real consultation link is tested where the route composes the two features.
const consultationHref = () => '/#contact';

function renderCalculator() {
  const router = createMemoryRouter([{ path: '/', element: <RoiCalculator consultationHref={consultationHref} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('RoiCalculator', () => {
  it('shows the default estimate', () => {
    renderCalculator();
    expect(screen.getByTestId('roi-cost-today').textContent).toBe('$191,200');
    expect(screen.getByTestId('roi-cost-with-plan').textContent).toBe('$122,800');
    expect(screen.getByTestId('roi-annual-savings').textContent).toBe('$68,400');
    expect(screen.getByTestId('roi-hours-saved').textContent).toBe('720');
    expect(screen.getByTestId('roi-payback').textContent).toBe('5.6 months');
    screen.getByText('Growth ($5,000/month)');
  });

  it('recalculates as you type and moves to the plan that fits', async () => {
    const user = userEvent.setup();
    renderCalculator();
    const hours = screen.getByLabelText('Hours a month on compliance');
    await user.clear(hours);
    await user.type(hours, '200');
    // 200 × 12 × $95 = $228,000 + $60,000 + $40,000.
    expect(screen.getByTestId('roi-cost-today').textContent).toBe('$328,000');
    await user.selectOptions(screen.getByLabelText('Frameworks pursued'), '5');
    screen.getByText('Scale ($7,500/month)');
    // 25% of 2,400 h × $95 = $57,000 + $40,000 audit + $90,000 plan.
    expect(screen.getByTestId('roi-cost-with-plan').textContent).toBe('$187,000');
  });

  it('keeps the last valid figures and names the problem while a field is invalid', async () => {
    const user = userEvent.setup();
    renderCalculator();
    const employees = screen.getByLabelText('Employees');
    await user.clear(employees);
    await screen.findByText('Employees must be a number');
    expect(employees.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('roi-cost-today').textContent).toBe('$191,200');
  });

  it('shows the formula with the visitor’s own numbers', () => {
    renderCalculator();
    const formula = screen.getByRole('region', { name: 'How we calculate it' });
    within(formula).getByText('80 × 12 × $95 + $60,000 + $40,000 = $191,200');
  });
});
