import { act, render } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePublishedHeight } from './use-published-height.ts';

const PROPERTY = '--test-floating-space';

/** jsdom lays nothing out: each element reports the height the test gives it. */
function setHeight(element: Element, height: number) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ width: 300, height }));
}

/** A ResizeObserver the test drives: `resize()` calls every live observer back, as a layout change would. */
function stubResizeObserver() {
  const live = new Set<() => void>();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly callback: () => void;
      constructor(callback: () => void) {
        this.callback = callback;
      }
      observe() {
        live.add(this.callback);
      }
      unobserve() {}
      disconnect() {
        live.delete(this.callback);
      }
    },
  );
  return { resize: () => act(() => live.forEach((callback) => callback())), observers: () => live.size };
}

function Floating({ shown, height }: { shown: boolean; height: number }) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  usePublishedHeight(element, PROPERTY);
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      if (node) setHeight(node, height);
      setElement(node);
    },
    [height],
  );
  return shown ? <div data-testid="floating" ref={ref} /> : null;
}

const published = () => document.documentElement.style.getPropertyValue(PROPERTY);

let observer: ReturnType<typeof stubResizeObserver>;
beforeEach(() => {
  observer = stubResizeObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('usePublishedHeight', () => {
  it('publishes the element’s height on <html>, rounded up to whole pixels, from its first paint', () => {
    render(<Floating shown height={151.2} />);
    expect(published()).toBe('152px');
  });

  it('follows the element as it resizes, and publishes 0 while CSS hides it', () => {
    const { getByTestId } = render(<Floating shown height={120} />);
    const element = getByTestId('floating');
    setHeight(element, 340);
    observer.resize();
    expect(published()).toBe('340px');
    setHeight(element, 0); // display: none
    observer.resize();
    expect(published()).toBe('0px');
  });

  it('removes the property and stops observing when the element goes', () => {
    const { rerender, unmount } = render(<Floating shown height={120} />);
    rerender(<Floating shown={false} height={120} />);
    expect(published()).toBe('');
    expect(observer.observers()).toBe(0);
    rerender(<Floating shown height={90} />);
    expect(published()).toBe('90px');
    unmount();
    expect(published()).toBe('');
  });

  it('publishes nothing while there is no element', () => {
    render(<Floating shown={false} height={120} />);
    expect(published()).toBe('');
  });
});
