import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { dismissToast, toast, useToasts } from './toast-store.ts';

afterEach(() => {
  for (const item of renderHook(() => useToasts()).result.current) dismissToast(item.id);
});

describe('toasts (spec §9)', () => {
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
});
