import { describe, expect, it } from 'vitest';
import { extractHeadings, headingId, markdownToPlainText, parseFaq } from './content-markdown.ts';

describe('headingId', () => {
  it('makes stable, URL-safe anchors', () => {
    expect(headingId('Your rights under GDPR')).toBe('your-rights-under-gdpr');
    expect(headingId('Term, suspension & termination')).toBe('term-suspension-and-termination');
    expect(headingId('  What does "unlimited tasks" mean?  ')).toBe('what-does-unlimited-tasks-mean');
    expect(headingId('Données personnelles')).toBe('donnees-personnelles');
  });
});

describe('extractHeadings', () => {
  it('lists level-2 headings in order, without inline Markdown, ignoring code fences', () => {
    const markdown = ['## First **part**', 'text', '```', '## not a heading', '```', '### Sub', '## [Second](/x)'].join('\n');
    expect(extractHeadings(markdown)).toEqual([
      { id: 'first-part', text: 'First part' },
      { id: 'second', text: 'Second' },
    ]);
    expect(extractHeadings(markdown, 3)).toEqual([{ id: 'sub', text: 'Sub' }]);
  });
});

describe('markdownToPlainText', () => {
  it('keeps the words and drops the syntax', () => {
    const markdown = '## Title\n\n- **Bold** item with [a link](/pricing)\n\n| A | B |\n|---|---|\n| `x` | y |\n\n```\ncode\n```';
    expect(markdownToPlainText(markdown)).toBe('Title\nBold item with a link\nA B\nx y\ncode');
  });
});

describe('parseFaq', () => {
  it('groups questions under their ## heading, answers in Markdown', () => {
    const markdown = [
      'Intro ignored.',
      '## Billing',
      '### How much?',
      '',
      '$2,500/month.',
      '',
      '### Can I cancel?',
      'Yes.',
      '## Empty group',
    ].join('\n');
    expect(parseFaq(markdown)).toEqual([
      {
        id: 'billing',
        title: 'Billing',
        items: [
          { id: 'how-much', question: 'How much?', answer: '$2,500/month.' },
          { id: 'can-i-cancel', question: 'Can I cancel?', answer: 'Yes.' },
        ],
      },
    ]);
  });
});
