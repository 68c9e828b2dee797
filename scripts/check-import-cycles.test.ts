import { describe, expect, it } from 'vitest';
import { findCycles, moduleGraph, moduleKnots, rankListProblems } from './check-import-cycles.ts';

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

describe('the server module graph', () => {
  const file = (module: string, name: string) => `/repo/src/server/modules/${module}/${name}`;

  it("counts a module's own code, not its tests, its own files or the platform", () => {
    const graph = new Map([
      [
        file('evidence', 'evidence.service.ts'),
        [file('evidence', 'evidence-views.ts'), file('frameworks', 'scope.ts'), '/repo/src/server/platform/tenancy/tenant.ts'],
      ],
      [file('evidence', 'evidence.test.ts'), [file('sample-data', 'sample-load.ts')]],
      [file('frameworks', 'scope.ts'), []],
      ['/repo/src/server/app.ts', [file('evidence', 'evidence.service.ts')]],
    ]);
    expect(moduleGraph(graph)).toEqual(
      new Map([
        ['evidence', ['frameworks']],
        ['frameworks', []],
      ]),
    );
  });

  it('allows two modules that import each other, not three around a loop', () => {
    const two = new Map([
      ['workflows', ['workflow-runs']],
      ['workflow-runs', ['workflows']],
    ]);
    expect(moduleKnots(two)).toEqual([]);
    const three = new Map([
      ['advisor', ['search']],
      ['search', ['support']],
      ['support', ['advisor']],
    ]);
    expect(moduleKnots(three)).toEqual([['advisor', 'search', 'support']]);
  });

  it('wants every module directory ranked once, and nothing else ranked', () => {
    expect(rankListProblems(['audit', 'evidence'], [['evidence'], ['audit']])).toEqual([]);
    expect(
      rankListProblems(
        ['audit', 'evidence', 'press'],
        [
          ['evidence', 'gone'],
          ['audit', 'evidence'],
        ],
      ),
    ).toEqual(['src/server/modules/press is not ranked', 'gone is ranked but has no directory', 'evidence is ranked twice']);
  });
});
