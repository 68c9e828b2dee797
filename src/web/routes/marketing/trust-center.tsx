import { useState } from 'react';
import { type MetaArgs, useParams } from 'react-router';
import { TRUST_DATA_ID, TRUST_SHELL_SLUG, TRUST_SLOT_ID, type TrustPageData, trustCenterTitle } from '../../../shared/trust-center-page.ts';
import { PublicTrustCenter } from '../../features/trust-center/components/public-trust-center.tsx';
import { TrustCenterNotFound } from '../../features/trust-center/components/public-trust-center-view.tsx';
import { QueryProvider } from '../../lib/query-provider.tsx';

/**
 * The data the server rendered this page with (docs/decisions/016-trust-page-rendered-by-the-server.md),
 * when it was rendered for this slug: absent in the prerender and after navigating here within the app.
 */
function embeddedData(slug: string): TrustPageData | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(TRUST_DATA_ID)?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as TrustPageData;
  return data.slug === slug ? data : undefined;
}

/** Each organization's own page, titled with its name (the server writes the same title into the HTML). */
export const meta = ({ params }: MetaArgs) => {
  const slug = params.slug ?? '';
  return [
    { title: trustCenterTitle(embeddedData(slug), slug) },
    { name: 'description', content: 'Security and compliance status, and documents shared under NDA.' },
  ];
};

/**
 * /trust/<slug>: an organization's public trust center (docs/trust-center.md). The build prerenders it once,
 * for TRUST_SHELL_SLUG, with an empty slot; the server fills the slot for a slug and embeds the data, which
 * the first render here reads so that hydration matches the server's HTML.
 */
export default function TrustCenterRoute() {
  const { slug = '' } = useParams();
  // Read once: a later render (a refetch, another slug) goes through the query, not the document.
  const [embedded] = useState(() => embeddedData(slug));
  const here = embedded?.slug === slug ? embedded : undefined;
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:py-16">
      <div id={TRUST_SLOT_ID}>
        {slug === TRUST_SHELL_SLUG ? null : here && !here.center ? (
          <TrustCenterNotFound />
        ) : (
          // The marketing layout provides no query client (root.tsx): this page brings its own.
          <QueryProvider>
            <PublicTrustCenter slug={slug} initialCenter={here?.center ?? undefined} />
          </QueryProvider>
        )}
      </div>
    </section>
  );
}
