import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWorkspaceRoute, serveApi } from '../../../../../tests/render-workspace-route.tsx';
import type { Role } from '../../../../shared/permissions.ts';
import { AuthScreen } from './auth-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const signIn = (role: Role, url = '/auth') => {
  serveApi({});
  return renderWorkspaceRoute(<AuthScreen />, {
    url,
    role,
    otherPages: {
      '/auditor-portal': <p>Your engagements</p>,
      '/dashboard-compliancecore': <p>Your dashboard</p>,
      '/reviews': <p>Queue</p>,
    },
  });
};

describe('where /auth sends a signed-in user (issue 32: an auditor landed on the client dashboard)', () => {
  it('sends an auditor to their engagements', async () => {
    const view = signIn('auditor');
    await screen.findByText('Your engagements');
    expect(view.location()?.pathname).toBe('/auditor-portal');
  });

  it('sends a client and a consultant to the dashboard', async () => {
    for (const role of ['client', 'consultant'] as const) {
      const view = signIn(role);
      await screen.findByText('Your dashboard');
      expect(view.location()?.pathname).toBe('/dashboard-compliancecore');
      view.unmount();
    }
  });

  it('keeps where the user was heading', async () => {
    const view = signIn('auditor', '/auth?redirect=%2Freviews');
    await waitFor(() => expect(view.location()?.pathname).toBe('/reviews'));
  });
});
