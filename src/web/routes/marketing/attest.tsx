import { useEffect, useState } from 'react';
import { SITE_NAME } from '../../../shared/routes.ts';
import { PublicAttestation } from '../../features/attestations/components/public-attestation.tsx';
import { QueryProvider } from '../../lib/query-provider.tsx';

/** A person's page: not to be indexed. */
export const meta = () => [{ title: `Acknowledge policies · ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];

/** The token travels in the fragment (`#token=`), which browsers never send: read it once the page runs. */
function tokenFromFragment(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** /attest#token=…: a person reads and acknowledges the policies of their campaign (docs/policies.md), no account. */
export default function AttestRoute() {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(tokenFromFragment()), []);
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      {/* The marketing layout provides no query client (root.tsx): this page brings its own. */}
      <QueryProvider>{token === null ? null : <PublicAttestation token={token} />}</QueryProvider>
    </section>
  );
}
