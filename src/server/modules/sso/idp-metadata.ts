import { DOMParser } from '@xmldom/xmldom';
import { AppError } from '../../app-error.ts';

/**
 * Reads what we need from an identity provider's SAML 2.0 metadata (OASIS saml-metadata-2.0 §2.4.3):
 * its entityID, the address of its SingleSignOnService for the HTTP-Redirect binding (our
 * AuthnRequests go there) and the certificates of its signing keys (a KeyDescriptor with use
 * "signing", or with no use, which means both).
 */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const MAX_METADATA_BYTES = 200_000;
const FETCH_TIMEOUT_MS = 10_000;

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** Base64 DER of each signing certificate, without PEM armour or whitespace. */
  certificates: string[];
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path: 'metadataXml', message }]);
}

function elements(parent: Element | Document, namespace: string, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(namespace, name));
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  // A DOCTYPE is never needed in metadata and is how entity-expansion attacks arrive.
  if (/<!DOCTYPE/i.test(xml)) throw invalid('The metadata must not contain a DOCTYPE.');
  const errors: string[] = [];
  const document = new DOMParser({
    errorHandler: (level: string, message: unknown) => {
      if (level !== 'warning') errors.push(String(message));
    },
  }).parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (errors.length > 0 || !root) throw invalid('The metadata is not well-formed XML.');
  const entity = root.localName === 'EntityDescriptor' ? root : elements(document, MD, 'EntityDescriptor')[0];
  if (!entity || entity.namespaceURI !== MD) throw invalid('The metadata has no SAML 2.0 EntityDescriptor.');
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  if (!entityId) throw invalid('The metadata’s EntityDescriptor has no entityID.');
  const idp = elements(entity, MD, 'IDPSSODescriptor')[0];
  if (!idp) throw invalid('The metadata describes no identity provider (IDPSSODescriptor).');
  const sso = elements(idp, MD, 'SingleSignOnService').find((service) => service.getAttribute('Binding') === REDIRECT_BINDING);
  const ssoUrl = sso?.getAttribute('Location')?.trim() ?? '';
  if (!/^https?:\/\//i.test(ssoUrl)) throw invalid('The identity provider offers no HTTP-Redirect SingleSignOnService.');
  const certificates = elements(idp, MD, 'KeyDescriptor')
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((key) => elements(key, DS, 'X509Certificate'))
    .map((node) => (node.textContent ?? '').replace(/\s+/g, ''))
    .filter(Boolean);
  if (certificates.length === 0) throw invalid('The metadata holds no signing certificate.');
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

/** Fetches the metadata document an administrator pointed at (bounded in time and size). */
export async function fetchIdpMetadata(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The metadata URL could not be reached.', [
      { path: 'metadataUrl', message: 'Could not be reached' },
    ]);
  }
  const text = await response.text();
  if (!response.ok || text.length > MAX_METADATA_BYTES) {
    const message = response.ok ? 'The metadata document is too large.' : `The metadata URL answered ${response.status}.`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'metadataUrl', message }]);
  }
  return text;
}
