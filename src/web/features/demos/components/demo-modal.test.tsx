import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES } from '../demo-categories.ts';
import { DemoModal } from './demo-modal.tsx';

function Harness({ start }: { start: number }) {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setIndex(start)}>
        Open demo
      </button>
      <DemoModal index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />
    </>
  );
}

const title = () => screen.getByRole('dialog').querySelector('h2')?.textContent;

describe('the interactive demo modal', () => {
  it('shows Demo N of M with percent complete and wraps previous/next over the ten', async () => {
    const user = userEvent.setup();
    render(<Harness start={9} />);
    await user.click(screen.getByRole('button', { name: 'Open demo' }));
    expect(title()).toBe('Administration & Access');
    screen.getByText('Demo 10 of 10');
    screen.getByText('100% complete');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(title()).toBe(DEMO_CATEGORIES[0]?.title);
    screen.getByText('Demo 1 of 10');
    screen.getByText('10% complete');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    screen.getByText('Demo 10 of 10');
  });

  it('is driven by the keyboard: arrows navigate, F toggles fullscreen, Escape closes and returns focus', async () => {
    const user = userEvent.setup();
    render(<Harness start={0} />);
    const opener = screen.getByRole('button', { name: 'Open demo' });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));

    await user.keyboard('{ArrowRight}{ArrowRight}');
    screen.getByText('Demo 3 of 10');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    screen.getByText('Demo 10 of 10');

    // jsdom has no Fullscreen API: the dialog is maximised instead, and the toggle says so.
    await user.keyboard('f');
    screen.getByRole('button', { name: 'Exit fullscreen' });
    expect(screen.getByTestId('demo-modal').className).toContain('w-screen');
    await user.keyboard('{F11}');
    screen.getByRole('button', { name: 'Enter fullscreen' });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves arrows and F alone while the visitor types in a demo field', async () => {
    const user = userEvent.setup();
    render(<Harness start={1} />);
    await user.click(screen.getByRole('button', { name: 'Open demo' }));
    const titleField = screen.getByLabelText('Title');
    await user.click(titleField);
    await user.keyboard('Fix{ArrowLeft}f');
    expect((titleField as HTMLInputElement).value).toBe('Fifx');
    screen.getByText('Demo 2 of 10');
    screen.getByRole('button', { name: 'Enter fullscreen' });
  });
});
