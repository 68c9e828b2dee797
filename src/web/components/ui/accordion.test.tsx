import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion.tsx';

const QUESTIONS = ['First', 'Second', 'Third'];

function Questions(props: { type: 'single' | 'multiple'; collapsible?: boolean }) {
  return (
    <Accordion {...props}>
      {QUESTIONS.map((question) => (
        <AccordionItem key={question} value={question}>
          <AccordionTrigger>{question}</AccordionTrigger>
          <AccordionContent>{`${question} answer`}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('Accordion', () => {
  it('wraps each button in a heading that controls a labelled region, hidden while closed but in the HTML', async () => {
    render(<Questions type="single" collapsible />);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    const first = button('First');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(panel?.textContent).toContain('First answer');
    expect(panel?.hidden).toBe(true);

    await userEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'First' }).hidden).toBe(false);
  });

  it('single: opening one closes the other; collapsible lets the open one close', async () => {
    render(<Questions type="single" collapsible />);
    await userEvent.click(button('First'));
    await userEvent.click(button('Second'));
    expect(button('First').getAttribute('aria-expanded')).toBe('false');
    expect(button('Second').getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(button('Second'));
    expect(button('Second').getAttribute('aria-expanded')).toBe('false');
  });

  it('single without collapsible keeps its open item open', async () => {
    render(<Questions type="single" />);
    await userEvent.click(button('First'));
    await userEvent.click(button('First'));
    expect(button('First').getAttribute('aria-expanded')).toBe('true');
  });

  it('works by keyboard: arrows wrap between buttons, Home and End jump, Enter and Space toggle', async () => {
    render(<Questions type="multiple" />);
    button('First').focus();
    await userEvent.keyboard('{Enter}');
    expect(button('First').getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(button('Second'));
    await userEvent.keyboard(' ');
    expect(button('Second').getAttribute('aria-expanded')).toBe('true');
    expect(button('First').getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(button('Third'));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(button('First'));
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(button('Third'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(button('First'));
  });

  it('can be controlled', async () => {
    function Controlled() {
      const [open, setOpen] = useState(['Third']);
      return (
        <>
          <output>{open.join(',')}</output>
          <Accordion type="multiple" value={open} onValueChange={setOpen}>
            {QUESTIONS.map((question) => (
              <AccordionItem key={question} value={question}>
                <AccordionTrigger>{question}</AccordionTrigger>
                <AccordionContent>{question}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </>
      );
    }
    render(<Controlled />);
    expect(button('Third').getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(button('First'));
    expect(screen.getByRole('status').textContent).toContain('Third,First');
  });
});
