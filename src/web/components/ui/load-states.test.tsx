import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShieldCheck } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, LoadFailed } from './load-states.tsx';

describe('LoadFailed', () => {
  it('announces what failed and retries from the keyboard', async () => {
    const onRetry = vi.fn();
    render(<LoadFailed title="The controls could not be loaded" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The controls could not be loaded');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retry' }));
    await userEvent.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('EmptyState', () => {
  it('says what is missing and what to do, with the icon hidden from assistive technology', () => {
    const { container } = render(
      <EmptyState icon={ShieldCheck} title="No controls in scope yet">
        Controls come into scope when you activate a framework.
      </EmptyState>,
    );
    screen.getByText('No controls in scope yet');
    screen.getByText('Controls come into scope when you activate a framework.');
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
