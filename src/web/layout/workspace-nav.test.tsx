import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWorkspaceRoute } from '../../../tests/render-workspace-route.tsx';
import type { Role } from '../../shared/permissions.ts';
import { WorkspaceNav } from './workspace-nav.tsx';

const links = (role: Role) => {
  renderWorkspaceRoute(<WorkspaceNav />, { url: '/dashboard-compliancecore', role });
  return screen.getAllByRole('link').map((link) => link.getAttribute('href'));
};

describe('the workspace navigation (issue 32: the auditor portal could not be found)', () => {
  it('links the auditor portal for an auditor and for the staff who run audits', () => {
    for (const role of ['auditor', 'consultant', 'project_manager', 'administrator'] as const) {
      expect(links(role), role).toContain('/auditor-portal');
      document.body.innerHTML = '';
    }
  });

  it('does not offer it to clients, who answer their auditors in the Compliance tab', () => {
    for (const role of ['client', 'client_manager', 'client_consultant', 'analyst'] as const) {
      expect(links(role), role).not.toContain('/auditor-portal');
      document.body.innerHTML = '';
    }
  });
});
