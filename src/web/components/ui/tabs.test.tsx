import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

function Sections({ activationMode, onValueChange }: { activationMode?: 'automatic' | 'manual'; onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="one" activationMode={activationMode} onValueChange={onValueChange}>
      <TabsList aria-label="Sections">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three">Three</TabsTrigger>
      </TabsList>
      <TabsContent value="one">Panel one</TabsContent>
      <TabsContent value="two">Panel two</TabsContent>
      <TabsContent value="three" forceMount className="data-[state=inactive]:hidden">
        Panel three
      </TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('labels the selected panel with its tab and keeps one tab stop', () => {
    render(<Sections />);
    expect(screen.getByRole('tablist', { name: 'Sections' }).children).toHaveLength(3);
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    expect(tab('One').getAttribute('tabindex')).toBe('0');
    expect(tab('Two').getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('tabpanel', { name: 'One' }).textContent).toContain('Panel one');
    // An inactive panel is not rendered unless force-mounted.
    expect(screen.queryByText('Panel two')).toBeNull();
    expect(screen.getByText('Panel three').getAttribute('data-state')).toBe('inactive');
  });

  it('automatic: arrow keys move and select, wrapping around; Home and End jump', async () => {
    const onValueChange = vi.fn();
    render(<Sections onValueChange={onValueChange} />);
    tab('One').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Two'));
    expect(tab('Two').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Two' }).textContent).toContain('Panel two');
    await userEvent.keyboard('{End}');
    expect(tab('Three').getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('One'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Three'));
    expect(onValueChange.mock.calls.map(([value]) => value)).toEqual(['two', 'three', 'one', 'three']);
  });

  it('manual: arrows only move focus; Enter selects', async () => {
    render(<Sections activationMode="manual" />);
    tab('One').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Two'));
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(tab('Two').getAttribute('aria-selected')).toBe('true');
  });

  it('selects by pointer', async () => {
    render(<Sections />);
    await userEvent.click(tab('Three'));
    expect(screen.getByText('Panel three').getAttribute('data-state')).toBe('active');
  });

  it('scrolls a row of tabs wider than its container inside itself, not the page', () => {
    render(<Sections />);
    const classes = [...screen.getByRole('tablist', { name: 'Sections' }).classList];
    expect(classes).toEqual(expect.arrayContaining(['max-w-full', 'overflow-x-auto']));
  });

  describe('in a tab list wider than its frame', () => {
    afterEach(() => vi.restoreAllMocks());

    /** jsdom lays nothing out: a 300 px frame over a row of 100 px tabs, the frame scrolled by its scrollLeft. */
    function layOut() {
      const isFrame = (element: HTMLElement) => element.dataset.testid === 'frame';
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
        return isFrame(this) ? 600 : 0;
      });
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
        return isFrame(this) ? 300 : 0;
      });
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        if (isFrame(this)) return DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 40 });
        const frame = this.closest<HTMLElement>('[data-testid="frame"]');
        const index = this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
        return DOMRect.fromRect({ x: index * 100 - (frame?.scrollLeft ?? 0), y: 0, width: 100, height: 40 });
      });
    }

    function WideSections({ value }: { value: string }) {
      return (
        <Tabs value={value}>
          <div data-testid="frame" style={{ overflowX: 'auto' }}>
            <TabsList aria-label="Sections">
              {['one', 'two', 'three', 'four', 'five', 'six'].map((name) => (
                <TabsTrigger key={name} value={name}>
                  {name}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
        </Tabs>
      );
    }

    it('scrolls the frame sideways to show the selected tab, and the page not at all', () => {
      layOut();
      const scrollIntoView = vi.fn();
      Element.prototype.scrollIntoView = scrollIntoView;
      const { rerender } = render(<WideSections value="five" />);
      // Tab five spans 400–500 px: the frame scrolls by 200 px to end at its right edge.
      expect(screen.getByTestId('frame').scrollLeft).toBe(200);
      rerender(<WideSections value="one" />);
      expect(screen.getByTestId('frame').scrollLeft).toBe(0);
      expect(scrollIntoView).not.toHaveBeenCalled();
    });

    it('leaves the frame where it is when the selected tab is in sight', () => {
      layOut();
      render(<WideSections value="two" />);
      expect(screen.getByTestId('frame').scrollLeft).toBe(0);
    });
  });
});
