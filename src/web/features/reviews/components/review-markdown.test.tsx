import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewMarkdown } from './review-markdown.tsx';

const DRAFT = `## Findings

| Reference | Control | Status |
| --- | --- | --- |
| HIPAA §164.312(e)(1) | Transmission security | Not evidenced |

| Vendor | Risk |
| --- | --- |
| Transcribe Co | Medium |
`;

describe("a draft's Markdown", () => {
  it('puts each table in a focusable region named by its columns, which scrolls sideways instead of the page', () => {
    render(<ReviewMarkdown content={DRAFT} />);
    const findings = screen.getByRole('region', { name: 'Table: Reference, Control, Status' });
    within(findings).getByRole('table');
    within(findings).getByRole('cell', { name: 'HIPAA §164.312(e)(1)' });
    expect(findings.tabIndex).toBe(0);
    expect([...findings.classList]).toContain('overflow-x-auto');
    screen.getByRole('region', { name: 'Table: Vendor, Risk' });
  });
});
