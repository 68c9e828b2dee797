import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import { AuditTrailViewer } from './audit-trail-viewer.tsx';

const ORGANIZATION_ID = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('the Audit Trail Viewer with nothing to show', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the trail is empty so far, and only blames the filters once some are set', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ organizationId: ORGANIZATION_ID, events: [], nextCursor: null })),
    );
    renderSignedIn(<AuditTrailViewer scope={{ organizationId: ORGANIZATION_ID }} />, fakeAuth());
    await screen.findByText(/^Nothing recorded yet/);
    expect(screen.queryByText(/No entry matches/)).toBeNull();

    await userEvent.type(screen.getByLabelText('Action (e.g. evidence)'), 'evidence');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('No entry matches these filters.');
  });
});
