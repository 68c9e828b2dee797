import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import { stubResizeObserverPerTest } from '../../../../../tests/stub-resize-observer.ts';
import type { SsoSettings } from '../../../../shared/schemas/sso.ts';
import { SsoSection } from './sso-section.tsx';

const ORG = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const SETTINGS: SsoSettings = {
  organizationId: ORG,
  serviceProvider: {
    entityId: 'https://app.example.com/auth/v1/sso/saml/metadata',
    acsUrl: 'https://app.example.com/auth/v1/sso/saml/acs',
    metadataUrl: 'https://app.example.com/auth/v1/sso/saml/metadata',
  },
  identityProvider: {
    entityId: 'https://idp.example.com/saml',
    ssoUrl: 'https://idp.example.com/sso',
    metadataUrl: 'https://idp.example.com/metadata',
    certificateCount: 1,
    domains: ['example.com'],
    enabled: true,
    required: false,
    allowIdpInitiated: false,
    updatedAt: '2026-11-20T09:00:00.000Z',
  },
};

// Radix's Switch measures itself with ResizeObserver, which jsdom lacks.
stubResizeObserverPerTest();
afterEach(() => vi.unstubAllGlobals());

describe('the single sign-on section', () => {
  it('turns on IdP-initiated sign-in (off by default) by keyboard and saves it', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init: RequestInit = {}) => {
        if (init.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { allowIdpInitiated: boolean };
          sent.push(body);
          return Response.json({
            ...SETTINGS,
            identityProvider: { ...SETTINGS.identityProvider, allowIdpInitiated: body.allowIdpInitiated },
          });
        }
        return Response.json(SETTINGS);
      }),
    );
    const user = userEvent.setup();
    renderSignedIn(<SsoSection organizationId={ORG} />, fakeAuth());
    const form = await screen.findByRole('form', { name: 'Single sign-on settings' });
    const idpInitiated = within(form).getByRole('switch', { name: /Accept sign-ins started at the identity provider/ });
    expect(idpInitiated.getAttribute('aria-checked')).toBe('false');
    idpInitiated.focus();
    await user.keyboard(' ');
    expect(idpInitiated.getAttribute('aria-checked')).toBe('true');
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      organizationId: ORG,
      domains: ['example.com'],
      metadataUrl: 'https://idp.example.com/metadata',
      allowIdpInitiated: true,
    });
  });
});
