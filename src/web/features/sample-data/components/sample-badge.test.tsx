import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SampleOrganizationMark } from './sample-badge.tsx';

describe('the header mark of the sample organization', () => {
  it('marks a workspace whose organization is the sample, and nothing else', () => {
    const { rerender } = render(<SampleOrganizationMark organizations={[{ name: 'Northwind Health Partners', isSample: true }]} />);
    expect(screen.getByLabelText('Northwind Health Partners is a sample organization').textContent).toBe('Sample');
    rerender(<SampleOrganizationMark organizations={[{ name: 'Acme', isSample: false }, { name: 'Borealis' }]} />);
    expect(screen.queryByText(/Sample/)).toBeNull();
  });
});
