import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROI_INPUT, calculateRoi } from '../../../../shared/rules/roi.ts';
import { RoiChart, axisTicks } from './roi-chart.tsx';

describe('RoiChart', () => {
  it('steps its axis in round amounts up to at least the larger bar', () => {
    expect(axisTicks(191_200)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(axisTicks(396_200)).toEqual([0, 100_000, 200_000, 300_000, 400_000]);
    expect(axisTicks(0)).toEqual([0]);
  });

  it('names both totals and sizes each part against the axis', () => {
    render(<RoiChart result={calculateRoi(DEFAULT_ROI_INPUT)} />);
    screen.getByRole('img', { name: 'Annual cost today $191,200; with Growth $122,800.' });
    // $60,000 of consultants today against an axis of $200,000.
    expect(screen.getByTitle('Consultants: $60,000').style.height).toBe('30%');
    expect(screen.getByTitle('ComplianceCore: $60,000').style.height).toBe('30%');
  });
});
