import { and, eq, lt } from 'drizzle-orm';
import type { Profile } from '@node-saml/node-saml';
import { emailDomain, isEmailDomain } from '../../../../shared/schemas/sso.ts';
import { authFlowState, authSamlAssertions, authSamlRelayStates } from '../../../db/schema/auth.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { AuthDeps } from '../context.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import { createFlowState, type readPkceParams } from '../tokens/pkce.ts';
import { isUuid } from '../uuid.ts';
import { normalizeEmail } from '../users/user-store.ts';
import {
  RELAY_STATE_LIFETIME_MS,
  RelayRequestCache,
  type SamlProviderConfig,
  samlFor,
  samlProviderForDomain,
  samlProviderForOrganization,
  samlProvidersForUnsolicited,
  serviceProvider,
} from './saml-provider.ts';

export const SAML_METHOD = 'sso/saml';

const providerNotFound = () => new GoTrueError(404, 'sso_provider_not_found', 'No SSO provider assigned for this domain');

export interface StartSamlInput {
  domain?: string;
  providerId?: string;
  redirectTo: string;
  authBase: string;
  pkce: ReturnType<typeof readPkceParams>;
}

/**
 * POST /sso (auth-js `signInWithSSO`): finds the organization whose identity provider serves the
 * domain (or the provider id, our organization id), records the relay state and the flow state
 * (PKCE, where to land) and answers the identity provider's sign-in address carrying our
 * AuthnRequest (HTTP-Redirect binding).
 */
export async function startSamlSignIn(deps: AuthDeps, input: StartSamlInput): Promise<string> {
  if (!input.domain && !input.providerId) throw errors.validation('A domain or provider_id is required');
  if (input.domain && input.providerId) throw errors.validation('Only one of domain or provider_id may be given');
  let provider: SamlProviderConfig | null = null;
  if (input.providerId) {
    if (!isUuid(input.providerId)) throw providerNotFound();
    provider = await samlProviderForOrganization(deps.db, input.providerId);
  } else {
    const domain = (input.domain ?? '').trim().toLowerCase();
    if (!isEmailDomain(domain)) throw errors.validation('Invalid domain');
    provider = await samlProviderForDomain(deps.db, domain);
  }
  if (!provider || !provider.enabled) throw providerNotFound();
  const cache = new RelayRequestCache();
  const saml = await samlFor(provider, input.authBase, cache);
  const relayStateId = crypto.randomUUID();
  const url = await saml.getAuthorizeUrlAsync(relayStateId, undefined, {});
  if (!cache.saved) throw new Error('startSamlSignIn: node-saml made no request id');
  const requestId = cache.saved;
  const organizationId = provider.organizationId;
  await deps.db.transaction(async (tx) => {
    await tx.delete(authSamlRelayStates).where(lt(authSamlRelayStates.createdAt, new Date(Date.now() - RELAY_STATE_LIFETIME_MS)));
    const flowStateId = await createFlowState(tx, {
      challenge: input.pkce,
      providerType: SAML_METHOD,
      authenticationMethod: SAML_METHOD,
      redirectTo: input.redirectTo,
    });
    await tx.insert(authSamlRelayStates).values({ id: relayStateId, organizationId, requestId, flowStateId });
  });
  return url;
}

/** A SAML response that fails a check: the user reads `message`; `check` goes on the security event. */
export class SamlRefusal extends GoTrueError {
  readonly check: string;

  constructor(check: string, message: string, code = 'validation_failed', status = 400) {
    super(status, code, message);
    this.check = check;
  }
}

/** node-saml's reasons, in words a person signing in can act on (or pass to their IT team). */
function refusalFrom(error: unknown): SamlRefusal {
  const reason = error instanceof Error ? error.message : String(error);
  const say = (check: string, message: string) => new SamlRefusal(check, `Single sign-on failed: ${message}`);
  if (/signature/i.test(reason)) return say('signature', 'the identity provider’s signature could not be verified.');
  if (/expired|NotOnOrAfter|NotBefore|not yet valid|subject confirmation/i.test(reason))
    return say('time_window', 'the sign-in response has expired or is not valid yet. Try signing in again.');
  if (/audience/i.test(reason)) return say('audience', 'the sign-in response was meant for another service.');
  if (/InResponseTo/i.test(reason)) return say('in_response_to', 'the sign-in response does not answer a sign-in started here.');
  if (/provider returned/i.test(reason)) return say('idp_status', 'the identity provider refused the sign-in.');
  return say('malformed', 'the sign-in response could not be read.');
}

interface AssertionFacts {
  id: string;
  recipients: string[];
  notOnOrAfter: string[];
}

type XmlNode = { $?: Record<string, string>; [key: string]: unknown };

function children(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as Record<string, unknown>)[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

/** What node-saml leaves to us: the assertion's id (replay) and its confirmations' Recipient. */
function assertionFacts(profile: Profile): AssertionFacts {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const confirmations = children(assertion?.Subject ? children(assertion, 'Subject')[0] : undefined, 'SubjectConfirmation').flatMap(
    (confirmation) => children(confirmation, 'SubjectConfirmationData'),
  );
  const conditions = children(assertion, 'Conditions');
  return {
    id: assertion?.$?.ID ?? '',
    recipients: confirmations.map((data) => data.$?.Recipient ?? ''),
    notOnOrAfter: [...confirmations, ...conditions].map((node) => node.$?.NotOnOrAfter ?? '').filter(Boolean),
  };
}

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];

function assertedEmail(profile: Profile): string | null {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of EMAIL_ATTRIBUTES) {
    const value = attributes[name] ?? (profile as Record<string, unknown>)[name];
    const first = Array.isArray(value) ? (value[0] as unknown) : value;
    if (typeof first === 'string' && first.includes('@')) return normalizeEmail(first);
  }
  return profile.nameIDFormat?.endsWith(':emailAddress') && profile.nameID.includes('@') ? normalizeEmail(profile.nameID) : null;
}

export interface VerifiedSamlSignIn {
  organizationId: string;
  /** The sign-in begun here (PKCE, where to land); null for an accepted IdP-initiated response. */
  flow: typeof authFlowState.$inferSelect | null;
  nameId: string;
  email: string;
  attributes: Record<string, unknown>;
}

/** Where a refused response sends the browser back to, when the relay state is ours. */
export async function relayTarget(
  deps: AuthDeps,
  relayState: string | undefined,
): Promise<{ redirectTo: string; flowStateId: string } | null> {
  if (!relayState || !isUuid(relayState)) return null;
  const [row] = await deps.db
    .select({ redirectTo: authFlowState.redirectTo, flowStateId: authFlowState.id })
    .from(authSamlRelayStates)
    .innerJoin(authFlowState, eq(authFlowState.id, authSamlRelayStates.flowStateId))
    .where(eq(authSamlRelayStates.id, relayState));
  return row ?? null;
}

/** The Issuer a response names (before any check: it only picks whose certificates check it). */
function responseIssuer(samlResponse: string): string | null {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  return /<(?:[\w-]+:)?Issuer\b[^>]*>\s*([^<]+?)\s*<\//.exec(xml)?.[1] ?? null;
}

/**
 * An IdP-initiated sign-in: a response with no relay state of ours. Accepted only by an organization that
 * turned it on (`allowIdpInitiated`) for the identity provider the response names, and then checked like
 * any other — signature, audience, recipient, time window, replay, domain — except that it must answer no
 * request (an InResponseTo here is a response to a sign-in begun elsewhere, or replayed: refused).
 */
async function verifyUnsolicited(deps: AuthDeps, samlResponse: string | undefined, authBase: string): Promise<VerifiedSamlSignIn> {
  if (!samlResponse) throw new SamlRefusal('malformed', 'Single sign-on failed: the identity provider sent no SAMLResponse.');
  const issuer = responseIssuer(samlResponse);
  const candidates = issuer ? await samlProvidersForUnsolicited(deps.db, issuer) : [];
  if (candidates.length !== 1) {
    throw new SamlRefusal(
      'relay_state',
      candidates.length === 0
        ? 'Single sign-on failed: start signing in from this site’s sign-in page (sign-ins started at the identity provider are not accepted).'
        : 'Single sign-on failed: several organizations use this identity provider; start signing in from this site’s sign-in page.',
      'saml_relay_state_not_found',
    );
  }
  const [provider] = candidates as [SamlProviderConfig];
  const saml = await samlFor(provider, authBase, new RelayRequestCache(), { unsolicited: true });
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw refusalFrom(error);
  }
  return checkAssertion(deps, provider, profile, authBase, null);
}

/**
 * POST /sso/saml/acs: every check of the response, in order. The relay state must be one we issued
 * in the last 5 minutes (without one: an IdP-initiated sign-in, see verifyUnsolicited); node-saml checks the signature against the
 * metadata's certificates, the audience, the time window and InResponseTo; we check the issuer,
 * the Recipient, that the assertion was not used before (its id kept until it expires), and that
 * the address is one of the organization's domains. The relay state is spent whatever the outcome.
 */
export async function verifySamlResponse(
  deps: AuthDeps,
  input: { SAMLResponse?: string; RelayState?: string },
  authBase: string,
): Promise<VerifiedSamlSignIn> {
  // An identity provider's own relay state (a landing URL) is no relay state of ours either.
  if (!input.RelayState || !isUuid(input.RelayState)) return verifyUnsolicited(deps, input.SAMLResponse, authBase);
  const relayId = input.RelayState;
  const [relay] = await deps.db.select().from(authSamlRelayStates).where(eq(authSamlRelayStates.id, relayId));
  if (!relay)
    throw new SamlRefusal(
      'relay_state',
      'Single sign-on failed: this sign-in is unknown or was already used. Try again.',
      'saml_relay_state_not_found',
    );
  await deps.db.delete(authSamlRelayStates).where(eq(authSamlRelayStates.id, relay.id));
  const [flow] = await deps.db.select().from(authFlowState).where(eq(authFlowState.id, relay.flowStateId));
  if (!flow || Date.now() - relay.createdAt.getTime() > RELAY_STATE_LIFETIME_MS) {
    throw new SamlRefusal('relay_state', 'Single sign-on failed: the sign-in took too long. Try again.', 'saml_relay_state_expired');
  }
  const provider = await samlProviderForOrganization(deps.db, relay.organizationId);
  if (!provider || !provider.enabled)
    throw new SamlRefusal(
      'provider',
      'Single sign-on failed: the organization no longer signs in with SSO.',
      'sso_provider_not_found',
      404,
    );
  if (!input.SAMLResponse) throw new SamlRefusal('malformed', 'Single sign-on failed: the identity provider sent no SAMLResponse.');
  const saml = await samlFor(provider, authBase, new RelayRequestCache({ requestId: relay.requestId, createdAt: relay.createdAt }));
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: input.SAMLResponse }));
  } catch (error) {
    throw refusalFrom(error);
  }
  return checkAssertion(deps, provider, profile, authBase, flow);
}

/** What node-saml leaves to us, for any response: issuer, recipient, subject, e-mail and its domain, replay. */
async function checkAssertion(
  deps: AuthDeps,
  provider: SamlProviderConfig,
  profile: Profile | null,
  authBase: string,
  flow: VerifiedSamlSignIn['flow'],
): Promise<VerifiedSamlSignIn> {
  if (!profile) throw new SamlRefusal('malformed', 'Single sign-on failed: the identity provider sent no assertion.');
  if (profile.issuer !== provider.idpEntityId) {
    throw new SamlRefusal(
      'issuer',
      'Single sign-on failed: the assertion comes from another identity provider.',
      'saml_entity_id_mismatch',
    );
  }
  const facts = assertionFacts(profile);
  const { acsUrl } = serviceProvider(authBase);
  if (facts.recipients.length === 0 || facts.recipients.some((recipient) => recipient !== acsUrl)) {
    throw new SamlRefusal('recipient', 'Single sign-on failed: the sign-in response was addressed to another service.');
  }
  if (!profile.nameID) throw new SamlRefusal('subject', 'Single sign-on failed: the assertion names nobody.', 'saml_assertion_no_user_id');
  const email = assertedEmail(profile);
  if (!email)
    throw new SamlRefusal('email', 'Single sign-on failed: the identity provider sent no e-mail address.', 'saml_assertion_no_email');
  if (!provider.domains.includes(emailDomain(email))) {
    throw new SamlRefusal('domain', 'Single sign-on failed: the address is not one of the organization’s domains.');
  }
  await rememberAssertion(deps, provider.idpEntityId, facts);
  return {
    organizationId: provider.organizationId,
    flow,
    nameId: profile.nameID,
    email,
    attributes: (profile.attributes ?? {}) as Record<string, unknown>,
  };
}

/** Replay: an assertion id is accepted once per identity provider, and remembered until the assertion expires. */
async function rememberAssertion(deps: AuthDeps, issuer: string, facts: AssertionFacts): Promise<void> {
  if (!facts.id) throw new SamlRefusal('malformed', 'Single sign-on failed: the assertion has no ID.');
  const ends = facts.notOnOrAfter.map((value) => Date.parse(value)).filter((value) => Number.isFinite(value));
  const expiresAt = new Date(Math.max(Date.now() + RELAY_STATE_LIFETIME_MS, ...ends));
  await deps.db.delete(authSamlAssertions).where(lt(authSamlAssertions.expiresAt, new Date()));
  try {
    await deps.db.insert(authSamlAssertions).values({ assertionId: facts.id, issuer, expiresAt });
  } catch (error) {
    if (isUniqueViolation(error, 'saml_assertions_issuer_id_key')) {
      throw new SamlRefusal('replay', 'Single sign-on failed: this sign-in response was already used.');
    }
    throw error;
  }
}

/** Cleans a flow state when a sign-in is refused after its relay state was spent. */
export async function dropFlowState(deps: AuthDeps, flowStateId: string): Promise<void> {
  await deps.db.delete(authFlowState).where(and(eq(authFlowState.id, flowStateId), eq(authFlowState.providerType, SAML_METHOD)));
}
