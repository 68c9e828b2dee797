import { describe, expect, it } from 'vitest';
import { findCycles } from './check-import-cycles.ts';

describe('findCycles', () => {
  it('finds a loop of any length, and only loops', () => {
    const graph = new Map([
      ['admin.ts', ['signup.ts', 'users.ts']],
      ['signup.ts', ['admin.ts']],
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'users.ts']],
      ['users.ts', []],
    ]);
    expect(findCycles(graph)).toEqual([
      ['admin.ts', 'signup.ts'],
      ['a.ts', 'b.ts', 'c.ts'],
    ]);
  });

  it('finds none in a tree', () => {
    expect(
      findCycles(
        new Map([
          ['app.ts', ['a.ts', 'b.ts']],
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});
