import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionMatrixMarkdown } from './permissions-doc.ts';

describe('docs/permissions.md', () => {
  it('shows the same default matrix as ROLE_PERMISSIONS', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/permissions.md'), 'utf8');
    expect(doc).toContain(permissionMatrixMarkdown());
  });

  it('marks the administrator with every permission and the auditor with no write (reading, asking the advisor, and their own review)', () => {
    const rows = permissionMatrixMarkdown().split('\n').slice(2);
    expect(rows.every((row) => row.split('|')[2]?.trim() === '✓')).toBe(true);
    // audit:review is the auditor's own work inside an engagement (decisions, samples), never the client's data.
    const auditorWrites = rows.filter((row) => !/:(read|use)`|`audit:review`/.test(row) && row.split('|')[8]?.trim() === '✓');
    expect(auditorWrites).toEqual([]);
  });
});
