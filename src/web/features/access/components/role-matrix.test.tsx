import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '../../../../shared/permissions.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { RoleMatrix } from './role-matrix.tsx';

function matrixResponse(auditor: string[]) {
  return {
    permissions: [
      { name: 'audit:read', category: 'audit', description: 'Read the audit trail' },
      { name: 'security:read', category: 'security', description: 'Read security events' },
    ],
    matrix: Object.fromEntries(ROLES.map((role) => [role, role === 'auditor' ? auditor : []])),
  };
}

afterEach(() => vi.unstubAllGlobals());

const isChecked = (name: string) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;

describe('the role permission matrix', () => {
  it('keeps unsaved changes when the matrix is fetched again', async () => {
    let served = matrixResponse(['audit:read']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(served)),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RoleMatrix />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Auditor: security:read' }));
    screen.getByText('Unsaved changes for Auditor.');

    // Another administrator changed the matrix meanwhile: the refetch must not wipe the edit.
    served = matrixResponse([]);
    await act(() => client.refetchQueries({ queryKey: adminKeys.rolePermissions() }));
    expect(isChecked('Auditor: security:read')).toBe(true);
    screen.getByText('Unsaved changes for Auditor.');

    // Discarded, the editor shows what the server holds now.
    await userEvent.click(screen.getByRole('button', { name: /Discard/ }));
    expect(isChecked('Auditor: security:read')).toBe(false);
    expect(isChecked('Auditor: audit:read')).toBe(false);
    screen.getByText('No unsaved changes.');
  });
});
