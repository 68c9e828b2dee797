import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../../../../../tests/test-database.ts';
import { seedContent } from '../../content/content.service.ts';
import type { DraftInput, DraftResult } from './agent-provider.ts';
import { createBuiltinAgentProvider } from './builtin-agent-provider.ts';

/**
 * The gap assessment puts every stated gap in the first 30 days, ranked High, with the group its
 * mapped requirements sit in; when the brief states more gaps than one month takes, the plan says so.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedContent(database.db);
}, 120_000);
afterAll(() => database.dispose());

const provider = createBuiltinAgentProvider();

function draft(description: string, frameworks: string[]): Promise<DraftResult> {
  const input: DraftInput = {
    request: {
      id: 'req-gap',
      title: 'Readiness gap assessment',
      description,
      department: 'compliance',
      frameworks,
      workKind: 'gap_assessment',
      deadline: null,
    },
    organization: { id: 'org-1', name: 'Fernhill Labs', size: '51-200', country: 'Ireland', website: null },
    reviewNotes: null,
    previous: null,
    earlierDeliverables: [],
  };
  return provider.draft(database.db, input);
}

function firstPhase(body: string): string {
  const start = body.indexOf('### First 30 days');
  const end = body.indexOf('### Days 31–60');
  return start < 0 ? '' : body.slice(start, end < 0 ? undefined : end);
}

const highRows = (body: string) => body.split('\n').filter((line) => line.startsWith('| ') && line.trimEnd().endsWith('| High |'));

describe('gap assessment: every stated gap first, ranked high', () => {
  it.each([
    {
      description: 'Status:\n- internal audits — never scheduled\n- management reviews: not held yet\n- risk register: we have none',
      frameworks: ['ISO 27001'],
      expected: ['ISO 27001 Clause 9.2', 'ISO 27001 Clause 9.3'],
    },
    {
      description: 'Quick PCI DSS gap check. Our external ASV scans have never been run, and nobody looks at the audit logs.',
      frameworks: ['PCI DSS'],
      expected: ['PCI DSS Req. 11.3.2'],
    },
  ])('names each stated gap with its group in the first 30 days ($frameworks)', async ({ description, frameworks, expected }) => {
    const result = await draft(description, frameworks);
    const first = firstPhase(result.body);
    const high = highRows(result.body).join('\n');
    for (const citation of expected) {
      expect(first).toContain(citation);
      expect(high).toContain(citation);
    }
  });

  it('keeps more than four stated gaps in the first phase', async () => {
    const result = await draft(
      'Honestly most things are missing. There is no MFA. Backups have never been restored. We have no incident response plan. Nobody reviews access. We have no asset inventory. Vendors are never assessed.',
      ['SOC 2'],
    );
    const first = firstPhase(result.body);
    const lines = first.split('\n').filter((line) => line.startsWith('- Close the stated gap'));
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(result.body.slice(result.body.indexOf('### Days 31–60'))).not.toContain('- Close the stated gap');
  });

  it('says so when more gaps are stated than the first month takes', async () => {
    const result = await draft(
      [
        'Where we are:',
        '- MFA: not enforced',
        '- access reviews: never done',
        '- backups: restores never tested',
        '- incident response plan: none',
        '- asset inventory: none',
        '- vendor reviews: never done',
        '- security awareness training: not delivered',
        '- penetration testing: never done',
        '- logging: nobody reviews the logs',
        '- change management: no approvals',
      ].join('\n'),
      ['SOC 2'],
    );
    const first = firstPhase(result.body);
    expect(first).toMatch(/The brief states \d+ gaps, more than one month can close: the first 8 start now/);
    expect(first.split('\n').filter((line) => line.startsWith('- Close the stated gap'))).toHaveLength(8);
    const later = result.body.slice(result.body.indexOf('### Days 31–60'));
    expect(later).toContain('- Close the stated gap');
  });
});
