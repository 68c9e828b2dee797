import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SecurityPanel } from './auth-screen.tsx';

describe('the /auth security panel', () => {
  it('reads as a person would write it: the promise, then one plain sentence', () => {
    const { container } = render(<SecurityPanel />);
    screen.getByText('Compliance & Analytics On Demand');
    screen.getByText('Your workspace sits behind a sign-in built to pass your security team’s review.');
    expect(container.textContent).not.toContain('behind sign-in a security team signs off');
  });
});
