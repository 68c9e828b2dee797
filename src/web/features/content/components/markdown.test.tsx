import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { markdownTree } from '../markdown-tree.server.ts';
import { Markdown } from './markdown.tsx';

function renderMarkdown(markdown: string) {
  const router = createMemoryRouter([{ path: '/', element: <Markdown tree={markdownTree(markdown)} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('Markdown', () => {
  it('never renders raw HTML from a content file', () => {
    const { container } = renderMarkdown('Hello <script>alert(1)</script><img src=x onerror=alert(1)> world\n\n<iframe src="https://evil.example"></iframe>');
    expect(container.querySelector('script, img, iframe')).toBeNull();
    expect(container.textContent).toContain('Hello');
  });

  it('drops javascript: links and keeps site links inside the app', () => {
    renderMarkdown('[bad](javascript:alert(1)) and [pricing](/pricing) and [outlet](https://outlet.example/a)');
    expect(screen.getByText('bad').getAttribute('href') ?? '').not.toContain('javascript');
    expect(screen.getByRole('link', { name: 'pricing' })).toHaveProperty('pathname', '/pricing');
    expect(screen.getByRole('link', { name: 'outlet' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('gives h2 and h3 headings the anchors the table of contents links to', () => {
    renderMarkdown('## Your rights & choices\n\n### How long we keep it');
    expect(screen.getByRole('heading', { level: 2 }).id).toBe('your-rights-and-choices');
    expect(screen.getByRole('heading', { level: 3 }).id).toBe('how-long-we-keep-it');
  });

  it('renders GitHub-flavoured tables in a scrollable, labelled region', () => {
    renderMarkdown('| Plan | Price |\n|---|---|\n| Growth | $5,000/month |');
    screen.getByRole('region', { name: 'Table' });
    screen.getByRole('cell', { name: '$5,000/month' });
  });
});
