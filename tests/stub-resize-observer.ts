import { afterEach, beforeEach, vi } from 'vitest';

/** For tests of React Flow canvases: React Flow measures nodes with ResizeObserver, which jsdom lacks. */
export function stubResizeObserverPerTest(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());
}
