import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { dismissToast, toast, useToasts } from './toast-store.ts';

afterEach(() => {
  for (const item of renderHook(() => useToasts()).result.current) dismissToast(item.id);
});

describe('toasts (product.md §9)', () => {
  it('shows one toast at a time, the newest replacing the previous', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', variant: 'destructive' });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: 'Second', variant: 'destructive' });
  });

  it('lasts 5000 ms by default', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(result.current[0]?.durationMs).toBe(5000);
  });

  it('is removed when dismissed', () => {
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => {
      id = toast({ title: 'Bye' });
    });
    act(() => dismissToast(id));
    expect(result.current).toHaveLength(0);
  });

  it('hydrates without a second render when no toast is queued (server and client agree)', async () => {
    let renders = 0;
    function Toasts() {
      renders += 1;
      return <output>{useToasts().length}</output>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Toasts />);
    renders = 0;
    await act(async () => {
      hydrateRoot(container, <Toasts />);
    });
    expect(container.textContent).toBe('0');
    expect(renders).toBe(1);
  });
});
