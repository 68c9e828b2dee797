import { describe, expect, it } from 'vitest';
import { isGraphEdit } from './workflow-graph.ts';

describe('isGraphEdit', () => {
  it('counts moved and removed steps and removed connections, not selection or measuring', () => {
    expect(isGraphEdit([{ id: 'a', type: 'position', position: { x: 1, y: 2 } }])).toBe(true);
    expect(isGraphEdit([{ id: 'a', type: 'remove' }])).toBe(true);
    expect(isGraphEdit([{ id: 'a', type: 'select', selected: true }])).toBe(false);
    expect(isGraphEdit([{ id: 'a', type: 'dimensions', dimensions: { width: 10, height: 10 } }])).toBe(false);
    expect(isGraphEdit([])).toBe(false);
  });
});
