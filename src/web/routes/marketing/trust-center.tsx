import { type MetaArgs, useParams } from 'react-router';
import { SITE_NAME } from '../../../shared/routes.ts';
import { PublicTrustCenter } from '../../features/trust-center/components/public-trust-center.tsx';
import { QueryProvider } from '../../lib/query-provider.tsx';

/** Each organization's own page: not ours to index, and its name is known only once loaded. */
export const meta = ({ params }: MetaArgs) => [
  { title: `Trust center · ${params.slug ?? ''} · ${SITE_NAME}` },
  { name: 'description', content: 'Security and compliance status, and documents shared under NDA.' },
];

/** /trust/<slug>: an organization's public trust center (docs/trust-center.md), served by the SPA fallback. */
export default function TrustCenterRoute() {
  const { slug = '' } = useParams();
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:py-16">
      {/* The marketing layout provides no query client (root.tsx): this page brings its own. */}
      <QueryProvider>
        <PublicTrustCenter slug={slug} />
      </QueryProvider>
    </section>
  );
}
