import { PERMISSIONS, ROLES, ROLE_LABELS, ROLE_PERMISSIONS, permissionCategory } from '../src/shared/permissions.ts';

/**
 * The default role × permission matrix as a Markdown table, for docs/permissions.md. A test keeps
 * the document and ROLE_PERMISSIONS in step.
 */
export function permissionMatrixMarkdown(): string {
  const header = `| Permission | ${ROLES.map((role) => ROLE_LABELS[role]).join(' | ')} |`;
  const divider = `|---|${ROLES.map(() => ':-:').join('|')}|`;
  const rows = [...PERMISSIONS]
    .sort((a, b) => permissionCategory(a).localeCompare(permissionCategory(b)) || a.localeCompare(b))
    .map((permission) => {
      const cells = ROLES.map((role) => (ROLE_PERMISSIONS[role].includes(permission) ? '✓' : '·'));
      return `| \`${permission}\` | ${cells.join(' | ')} |`;
    });
  return [header, divider, ...rows].join('\n');
}
