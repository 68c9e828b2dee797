import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider run by the tests: RSA keys and a self-signed certificate made by
 * openssl, metadata in the OASIS format, the HTTP-Redirect binding read (the AuthnRequest inflated
 * from the query) and the answer returned as the HTTP-POST binding's auto-submitting form, with the
 * assertion signed by xml-crypto (an enveloped RSA-SHA256 signature, exclusive c14n) as Okta,
 * Entra and ADFS sign theirs. `assertionFor` takes overrides, so tests can break one thing at a time.
 */

export interface SigningKey {
  privateKey: string;
  certificate: string;
  /** The certificate's base64 DER, as metadata carries it. */
  certificateBase64: string;
}

export function makeSigningKey(commonName: string): SigningKey {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-idp-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', `/CN=${commonName}`],
      { stdio: 'ignore' },
    );
    const certificate = fs.readFileSync(certFile, 'utf8');
    return {
      privateKey: fs.readFileSync(keyFile, 'utf8'),
      certificate,
      certificateBase64: certificate.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface AuthnRequest {
  /** Empty for an unsolicited response (IdP-initiated): it answers no request. */
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
}

export interface AssertionInput {
  request: AuthnRequest;
  nameId: string;
  email: string;
  /** Defaults: the request's issuer, its ACS URL, a fresh id, now − 1 min … now + 5 min. */
  audience?: string;
  recipient?: string;
  assertionId?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  issuer?: string;
  signWith?: SigningKey;
  /** Changes the signed XML afterwards (a tampered response). */
  tamper?: (xml: string) => string;
}

const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

export class TestIdentityProvider {
  readonly entityId: string;
  readonly key: SigningKey;
  private server: http.Server | null = null;
  origin = '';
  /** What the IdP's sign-in page answers for a request; set by each test. */
  respond: (request: AuthnRequest) => string | null = () => null;

  constructor(entityId: string, key: SigningKey) {
    this.entityId = entityId;
    this.key = key;
  }

  async start(): Promise<void> {
    this.server = http.createServer((incoming, outgoing) => {
      const url = new URL(incoming.url ?? '/', this.origin);
      if (url.pathname === '/metadata') {
        outgoing.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(this.metadata());
        return;
      }
      if (url.pathname !== '/sso') return void outgoing.writeHead(404).end();
      const request = parseAuthnRequest(url);
      const samlResponse = this.respond(request);
      if (!samlResponse) return void outgoing.writeHead(403).end('refused');
      outgoing.writeHead(200, { 'content-type': 'text/html' }).end(postForm(request.acsUrl, samlResponse, request.relayState));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  metadata(): string {
    return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escape(this.entityId)}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${this.key.certificateBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${this.origin}/sso"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${this.origin}/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  }

  /** A signed SAML Response (base64, as the HTTP-POST binding carries it). */
  responseFor(input: AssertionInput): string {
    const now = new Date();
    const instant = now.toISOString();
    const notBefore = (input.notBefore ?? new Date(now.getTime() - 60_000)).toISOString();
    const notOnOrAfter = (input.notOnOrAfter ?? new Date(now.getTime() + 300_000)).toISOString();
    const issuer = escape(input.issuer ?? this.entityId);
    const assertionId = input.assertionId ?? `_a${randomUUID()}`;
    const recipient = escape(input.recipient ?? input.request.acsUrl);
    // An unsolicited (IdP-initiated) response answers no request: no InResponseTo anywhere.
    const inResponseTo = input.request.id ? ` InResponseTo="${escape(input.request.id)}"` : '';
    const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${instant}"><saml:Issuer>${issuer}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escape(input.nameId)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${notOnOrAfter}" Recipient="${recipient}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escape(input.audience ?? input.request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${escape(input.email)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion>`;
    const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${instant}" Destination="${recipient}"${inResponseTo}><saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    const key = input.signWith ?? this.key;
    const signer = new SignedXml({
      privateKey: key.privateKey,
      publicCert: key.certificate,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signer.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signer.computeSignature(response, {
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    const signed = input.tamper ? input.tamper(signer.getSignedXml()) : signer.getSignedXml();
    return Buffer.from(signed, 'utf8').toString('base64');
  }
}

function parseAuthnRequest(url: URL): AuthnRequest {
  const encoded = url.searchParams.get('SAMLRequest') ?? '';
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  if (!root) throw new Error('No AuthnRequest');
  const issuer = root.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]?.textContent ?? '';
  return {
    id: root.getAttribute('ID') ?? '',
    acsUrl: root.getAttribute('AssertionConsumerServiceURL') ?? '',
    issuer,
    relayState: url.searchParams.get('RelayState') ?? '',
  };
}

function postForm(action: string, samlResponse: string, relayState: string): string {
  return `<!doctype html><form method="post" action="${escape(action)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"><input type="hidden" name="RelayState" value="${escape(relayState)}"><noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script>`;
}

/** The HTTP-POST binding's form as a browser would submit it: its action and fields. */
export function readPostForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/name="([^"]+)" value="([^"]*)"/g)) fields[match[1] ?? ''] = (match[2] ?? '').replaceAll('&amp;', '&');
  return { action, fields };
}
