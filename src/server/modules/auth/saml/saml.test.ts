import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoSettings } from '../../../../shared/schemas/sso.ts';
import { securityEvents } from '../../../db/schema/access.ts';
import { grantRole } from '../../../platform/access/access.service.ts';
import { organizationMembers } from '../../../db/schema/organizations.ts';
import { type RunningAuthServer, startAuthServer } from '../../../../../tests/auth-helpers.ts';
import {
  type AssertionInput,
  type AuthnRequest,
  TestIdentityProvider,
  makeSigningKey,
  readPostForm,
} from '../../../../../tests/saml-idp.ts';
import { type TenantFixture, createTenantFixture } from '../../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';

// SAML 2.0 single sign-on (issue 37 item 4) against an identity provider run by the test
// (tests/saml-idp.ts): the organization's administrator registers it, the pinned auth-js
// `signInWithSSO({ domain })` starts the sign-in, the browser's hops are followed by hand, and every
// response that fails a check is refused with a security event and no session.

let database: TestDatabase;
let server: RunningAuthServer;
let fixture: TenantFixture;
let idp: TestIdentityProvider;
const attacker = makeSigningKey('attacker.example');
const DOMAIN = `borealis-${crypto.randomUUID().slice(0, 8)}.example`;

async function api(method: 'GET' | 'PUT', token: string, body?: unknown) {
  const response = await server.app.inject({
    method,
    url: '/api/v1/integrations/sso',
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json<SsoSettings & { error?: { code: string; message: string } }>() };
}

/** signInWithSSO through the pinned auth-js, then the browser's GET to the identity provider. */
async function startAtIdp(): Promise<{
  client: ReturnType<RunningAuthServer['client']>;
  form: { action: string; fields: Record<string, string> };
}> {
  const client = server.client({ flowType: 'pkce' });
  const { data, error } = await client.signInWithSSO({ domain: DOMAIN, options: { redirectTo: `${server.origin}/welcome` } });
  expect(error).toBeNull();
  const atIdp = await fetch(data?.url ?? '', { redirect: 'manual' });
  expect(atIdp.status).toBe(200);
  return { client, form: readPostForm(await atIdp.text()) };
}

/** The browser submitting the identity provider's form to our ACS. */
async function postToAcs(form: { action: string; fields: Record<string, string> }) {
  const response = await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields), redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? 'http://invalid/') };
}

async function lastSamlEvent() {
  const [event] = await database.db
    .select()
    .from(securityEvents)
    .where(sql`${securityEvents.details}->>'reason' = 'saml_response_refused'`)
    .orderBy(desc(securityEvents.createdAt))
    .limit(1);
  return event;
}

/** Starts a sign-in whose identity provider answers with `respond`, and expects a refusal for `check`. */
async function expectRefused(respond: (request: AuthnRequest) => string, check: string) {
  idp.respond = respond;
  const { form } = await startAtIdp();
  const { status, location } = await postToAcs(form);
  expect(status).toBe(303);
  expect(location.searchParams.get('code')).toBeNull();
  expect(location.hash).not.toContain('access_token');
  expect(location.searchParams.get('error_description')).toMatch(/^Single sign-on failed: /);
  const event = await lastSamlEvent();
  expect(event?.eventType).toBe('AUTH_FAILURE');
  expect(event?.details).toMatchObject({ reason: 'saml_response_refused', check });
  return location;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startAuthServer(database);
  fixture = await createTenantFixture(server.app, database);
  idp = new TestIdentityProvider('https://idp.borealis.example/saml', makeSigningKey('idp.borealis.example'));
  await idp.start();
});
afterAll(async () => {
  await idp.stop();
  await server.app.close();
  await database.dispose();
});

describe('the SSO settings (getSsoSettings, updateSsoSettings)', () => {
  it('lets the organization’s administrator register the metadata and domains, and nobody else', async () => {
    const empty = await api('GET', fixture.tokens.clientOfB);
    expect(empty.status).toBe(200);
    expect(empty.body.identityProvider).toBeNull();
    expect(empty.body.serviceProvider.acsUrl).toBe(`${server.origin}/auth/v1/sso/saml/acs`);

    expect((await api('PUT', fixture.tokens.clientOfA, { metadataXml: idp.metadata(), domains: [DOMAIN] })).status).toBe(403);
    const otherTenant = await api('PUT', fixture.tokens.clientOfB, {
      organizationId: fixture.orgs.a.id,
      metadataXml: idp.metadata(),
      domains: ['a.example'],
    });
    expect([otherTenant.status, otherTenant.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    const broken = await api('PUT', fixture.tokens.clientOfB, { metadataXml: '<md:EntityDescriptor', domains: [DOMAIN] });
    expect([broken.status, broken.body.error?.code]).toEqual([400, 'VALIDATION_FAILED']);

    // By URL, as most identity providers publish it.
    const saved = await api('PUT', fixture.tokens.clientOfB, { metadataUrl: `${idp.origin}/metadata`, domains: [DOMAIN.toUpperCase()] });
    expect(saved.status).toBe(200);
    expect(saved.body.identityProvider).toMatchObject({
      entityId: idp.entityId,
      ssoUrl: `${idp.origin}/sso`,
      certificateCount: 1,
      domains: [DOMAIN],
      enabled: true,
      required: false,
      allowIdpInitiated: false,
    });
    // Our staff with integration rights act for any organization; a domain stays with one of them.
    await grantRole(database.db, { userId: fixture.userIds.administrator, role: 'administrator', isIntegrationAdmin: true });
    const taken = await api('PUT', fixture.tokens.administrator, {
      organizationId: fixture.orgs.a.id,
      metadataXml: idp.metadata(),
      domains: [DOMAIN],
    });
    expect([taken.status, taken.body.error?.code]).toEqual([409, 'CONFLICT']);
  });

  it('publishes our service provider metadata at /auth/v1/sso/saml/metadata', async () => {
    const response = await fetch(`${server.origin}/auth/v1/sso/saml/metadata`);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain(`entityID="${server.origin}/auth/v1/sso/saml/metadata"`);
    expect(xml).toContain(`Location="${server.origin}/auth/v1/sso/saml/acs"`);
  });
});

describe('signing in through the identity provider', () => {
  it('signs a new person in with auth-js signInWithSSO, creates them and makes them a member of the organization', async () => {
    idp.respond = (request) => idp.responseFor({ request, nameId: 'okta|00u1', email: `dana@${DOMAIN}` });
    const { client, form } = await startAtIdp();
    const { status, location } = await postToAcs(form);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${server.origin}/welcome`);
    const { data, error } = await client.exchangeCodeForSession(location.searchParams.get('code') ?? '');
    expect(error).toBeNull();
    expect(data.user?.email).toBe(`dana@${DOMAIN}`);
    expect(data.user?.app_metadata.provider).toBe(`sso:${fixture.orgs.b.id}`);
    const claims = (await client.getClaims()).data?.claims;
    expect(claims?.amr).toEqual([expect.objectContaining({ method: 'sso/saml' })]);
    const members = await database.db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, fixture.orgs.b.id), eq(organizationMembers.userId, data.user?.id ?? '')));
    expect(members).toHaveLength(1);

    // The same person again: the identity signs the same user in.
    const again = await startAtIdp();
    const second = await postToAcs(again.form);
    const { data: secondSession } = await again.client.exchangeCodeForSession(second.location.searchParams.get('code') ?? '');
    expect(secondSession.user?.id).toBe(data.user?.id);
  });

  it('answers sso_provider_not_found for a domain nobody registered', async () => {
    const { error } = await server.client().signInWithSSO({ domain: 'nobody-registered.example' });
    expect(error).toMatchObject({ status: 404, code: 'sso_provider_not_found' });
  });
});

describe('responses that fail a check are refused, with a security event and never a session', () => {
  const email = () => `erin@${DOMAIN}`;

  it('a forged assertion (signed with a key not in the metadata)', async () => {
    await expectRefused((request) => idp.responseFor({ request, nameId: 'x1', email: email(), signWith: attacker }), 'signature');
  });

  it('a wrongly-signed assertion (the signed content changed afterwards)', async () => {
    await expectRefused(
      (request) =>
        idp.responseFor({ request, nameId: 'x2', email: `someone@${DOMAIN}`, tamper: (xml) => xml.replace('someone@', 'admin@') }),
      'signature',
    );
  });

  it('an expired assertion', async () => {
    const past = new Date(Date.now() - 3_600_000);
    await expectRefused(
      (request) =>
        idp.responseFor({ request, nameId: 'x3', email: email(), notBefore: new Date(past.getTime() - 600_000), notOnOrAfter: past }),
      'time_window',
    );
  });

  it('an assertion for another service (wrong audience)', async () => {
    await expectRefused(
      (request) => idp.responseFor({ request, nameId: 'x4', email: email(), audience: 'https://other.example/sp' }),
      'audience',
    );
  });

  it('an assertion addressed to another ACS (wrong recipient)', async () => {
    await expectRefused(
      (request) => idp.responseFor({ request, nameId: 'x5', email: email(), recipient: 'https://other.example/acs' }),
      'recipient',
    );
  });

  it('an address outside the organization’s domains', async () => {
    await expectRefused((request) => idp.responseFor({ request, nameId: 'x6', email: 'ceo@bank.example' }), 'domain');
  });

  it('a replayed response, and an assertion id used before inside a fresh response', async () => {
    const assertionId = `_a${crypto.randomUUID()}`;
    idp.respond = (request) => idp.responseFor({ request, nameId: 'x7', email: email(), assertionId });
    const { form } = await startAtIdp();
    expect((await postToAcs(form)).location.searchParams.get('code')).toBeTruthy();
    const replayed = await postToAcs(form);
    expect(replayed.location.searchParams.get('code')).toBeNull();
    expect((await lastSamlEvent())?.details).toMatchObject({ check: 'relay_state' });
    await expectRefused((request) => idp.responseFor({ request, nameId: 'x7', email: email(), assertionId }), 'replay');
  });

  it('an unsolicited response (no relay state: IdP-initiated)', async () => {
    idp.respond = (request) => idp.responseFor({ request, nameId: 'x8', email: email() });
    const { form } = await startAtIdp();
    const { location } = await postToAcs({ action: form.action, fields: { SAMLResponse: form.fields.SAMLResponse ?? '' } });
    expect(location.searchParams.get('error_code')).toBe('saml_relay_state_not_found');
    expect((await lastSamlEvent())?.details).toMatchObject({ check: 'relay_state' });
  });
});

describe('IdP-initiated sign-in, when the organization turns it on', () => {
  const acs = () => `${server.origin}/auth/v1/sso/saml/acs`;
  /** A response the identity provider sends unasked: it answers no request (no InResponseTo). */
  const unsolicited = (input: Omit<AssertionInput, 'request'>) =>
    idp.responseFor({ request: { id: '', acsUrl: acs(), issuer: `${server.origin}/auth/v1/sso/saml/metadata`, relayState: '' }, ...input });
  const post = (samlResponse: string, relayState?: string) =>
    postToAcs({ action: acs(), fields: { SAMLResponse: samlResponse, ...(relayState ? { RelayState: relayState } : {}) } });
  async function expectUnsolicitedRefused(samlResponse: string, check: string) {
    const { status, location } = await post(samlResponse);
    expect(status).toBe(303);
    expect(location.hash).not.toContain('access_token');
    expect(location.searchParams.get('error_description')).toMatch(/^Single sign-on failed: /);
    expect((await lastSamlEvent())?.details).toMatchObject({ reason: 'saml_response_refused', check });
  }

  it('is refused while the setting is off, then accepted once the administrator turns it on', async () => {
    await expectUnsolicitedRefused(unsolicited({ nameId: 'okta|00u9', email: `fay@${DOMAIN}` }), 'relay_state');
    const on = await api('PUT', fixture.tokens.clientOfB, { metadataXml: idp.metadata(), domains: [DOMAIN], allowIdpInitiated: true });
    expect(on.body.identityProvider?.allowIdpInitiated).toBe(true);

    const { status, location } = await post(unsolicited({ nameId: 'okta|00u9', email: `fay@${DOMAIN}` }));
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${server.origin}/`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    const client = server.client();
    const { error } = await client.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect((await client.getUser()).data.user?.email).toBe(`fay@${DOMAIN}`);
    expect((await client.getClaims()).data?.claims.amr).toEqual([expect.objectContaining({ method: 'sso/saml' })]);

    // The identity provider's own relay state is where the person lands, when it is an address of ours.
    const welcome = await post(unsolicited({ nameId: 'okta|00u9', email: `fay@${DOMAIN}` }), `${server.origin}/welcome`);
    expect(`${welcome.location.origin}${welcome.location.pathname}`).toBe(`${server.origin}/welcome`);
    expect(welcome.location.hash).toContain('access_token=');
    const elsewhere = await post(unsolicited({ nameId: 'okta|00u9', email: `fay@${DOMAIN}` }), 'https://evil.example/landing');
    expect(`${elsewhere.location.origin}${elsewhere.location.pathname}`).toBe(`${server.origin}/`);
  });

  it('still checks the signature, audience, recipient, time window, replay and domain, and refuses a response to a request', async () => {
    const email = `gus@${DOMAIN}`;
    await expectUnsolicitedRefused(unsolicited({ nameId: 'y1', email, signWith: attacker }), 'signature');
    await expectUnsolicitedRefused(unsolicited({ nameId: 'y2', email, audience: 'https://other.example/sp' }), 'audience');
    await expectUnsolicitedRefused(unsolicited({ nameId: 'y3', email, recipient: 'https://other.example/acs' }), 'recipient');
    const past = new Date(Date.now() - 3_600_000);
    await expectUnsolicitedRefused(
      unsolicited({ nameId: 'y4', email, notBefore: new Date(past.getTime() - 600_000), notOnOrAfter: past }),
      'time_window',
    );
    await expectUnsolicitedRefused(unsolicited({ nameId: 'y5', email: 'ceo@bank.example' }), 'domain');
    const once = unsolicited({ nameId: 'y6', email });
    expect((await post(once)).location.hash).toContain('access_token=');
    await expectUnsolicitedRefused(once, 'replay');
    // A response that answers a sign-in begun somewhere (InResponseTo), posted without its relay state.
    const answering = idp.responseFor({
      request: { id: '_req-begun-elsewhere', acsUrl: acs(), issuer: `${server.origin}/auth/v1/sso/saml/metadata`, relayState: '' },
      nameId: 'y7',
      email,
    });
    await expectUnsolicitedRefused(answering, 'in_response_to');
  });
});

describe('SSO required for the domain', () => {
  it('refuses password sign-in, magic links and sign-up for the domain with a clear message', async () => {
    const required = await api('PUT', fixture.tokens.clientOfB, { metadataXml: idp.metadata(), domains: [DOMAIN], required: true });
    expect(required.body.identityProvider?.required).toBe(true);
    const client = server.client();
    const password = await client.signInWithPassword({ email: `dana@${DOMAIN}`, password: 'correct horse battery staple' });
    expect(password.error).toMatchObject({ status: 422, code: 'sso_required' });
    expect(password.error?.message).toContain('single sign-on');
    expect((await client.signInWithOtp({ email: `new@${DOMAIN}` })).error).toMatchObject({ code: 'sso_required' });
    expect((await client.signUp({ email: `new@${DOMAIN}`, password: 'correct horse battery staple' })).error).toMatchObject({
      code: 'sso_required',
    });
    // Other domains are untouched.
    const other = await client.signInWithPassword({ email: 'someone@elsewhere.example', password: 'correct horse battery staple' });
    expect(other.error?.code).toBe('invalid_credentials');
  });
});
