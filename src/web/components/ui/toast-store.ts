import { useSyncExternalStore } from 'react';
import { TIMINGS } from '../../../shared/constants.ts';

/**
 * The toast queue: one toast at a time (product.md §9), the newest replacing the one shown.
 * Callers decide when to toast; the HTTP client never does it for them.
 */

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/**
 * The empty queue, one array for the server's snapshot and the client's first one: were they two
 * arrays, React would see the store change on hydration and re-render synchronously.
 */
const NO_TOASTS: ToastItem[] = [];
let toasts = NO_TOASTS;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next.length > 0 ? next : NO_TOASTS;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true, durationMs: input.durationMs ?? TIMINGS.toastDurationMs }, ...toasts].slice(0, TIMINGS.toastLimit));
  return id;
}

export function dismissToast(id: number): void {
  emit(toasts.filter((item) => item.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
}
