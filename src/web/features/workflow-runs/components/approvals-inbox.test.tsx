import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWorkspaceRoute, serveApi } from '../../../../../tests/render-workspace-route.tsx';
import { ApprovalsInbox } from './approvals-inbox.tsx';

const ORGANIZATION = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('the approvals inbox', () => {
  it('says it is loading until the approvals arrive, never "nothing waits" before it knows', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWorkspaceRoute(<ApprovalsInbox organizationId={ORGANIZATION} />, {
      url: '/dashboard-compliancecore?tab=workflows',
      role: 'client_manager',
    });
    await screen.findByRole('status');
    screen.getByText('Loading the approvals');
    screen.getByRole('heading', { name: 'Approvals waiting' });
    expect(screen.queryByText('Nothing waits for an approval.')).toBeNull();
  });

  it('counts the approvals once they are known', async () => {
    serveApi({ '/api/v1/workflow-approvals': { approvals: [] } });
    renderWorkspaceRoute(<ApprovalsInbox organizationId={ORGANIZATION} />, {
      url: '/dashboard-compliancecore?tab=workflows',
      role: 'client_manager',
    });
    await screen.findByText('Nothing waits for an approval.');
    screen.getByRole('heading', { name: 'Approvals waiting (0)' });
    expect(screen.queryByText('Loading the approvals')).toBeNull();
  });

  it('says what failed and loads again on Try Again', async () => {
    serveApi({});
    renderWorkspaceRoute(<ApprovalsInbox organizationId={ORGANIZATION} />, {
      url: '/dashboard-compliancecore?tab=workflows',
      role: 'client_manager',
    });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Could not load the approvals');
    expect(screen.queryByText('Nothing waits for an approval.')).toBeNull();
    serveApi({ '/api/v1/workflow-approvals': { approvals: [] } });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByText('Nothing waits for an approval.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
