import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionMatrixMarkdown } from './permissions-doc.ts';

describe('docs/permissions.md', () => {
  it('shows the same default matrix as ROLE_PERMISSIONS', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/permissions.md'), 'utf8');
    expect(doc).toContain(permissionMatrixMarkdown());
  });

  it('marks the administrator with every permission and the auditor with no write (reading and asking the advisor only)', () => {
    const rows = permissionMatrixMarkdown().split('\n').slice(2);
    expect(rows.every((row) => row.split('|')[2]?.trim() === '✓')).toBe(true);
    const auditorWrites = rows.filter((row) => !/:(read|use)`/.test(row) && row.split('|')[8]?.trim() === '✓');
    expect(auditorWrites).toEqual([]);
  });
});
