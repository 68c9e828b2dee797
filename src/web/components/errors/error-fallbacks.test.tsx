import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CriticalErrorFallback, ErrorBoundary, PageErrorFallback } from './error-fallbacks.tsx';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('boom');
  return <p>Loaded</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
  shouldThrow = true;
});

describe('error boundaries (product.md §8)', () => {
  it('shows the component fallback and recovers on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary level="component">
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This component failed to load');
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    screen.getByText('Loaded');
  });

  it('shows the page fallback with Try Again and Go Home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary level="page">
        <Flaky />
      </ErrorBoundary>,
    );
    screen.getByRole('heading', { name: 'Something went wrong' });
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    screen.getByText('Loaded');
  });

  it('renders the critical fallback with Reload Page and Go Home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<CriticalErrorFallback error={new Error('fatal')} />);
    screen.getByRole('heading', { name: 'Critical Error' });
    screen.getByRole('button', { name: 'Reload Page' });
    screen.getByRole('link', { name: 'Go Home' });
  });

  it('calls back on Try Again', async () => {
    const onRetry = vi.fn();
    render(<PageErrorFallback onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
