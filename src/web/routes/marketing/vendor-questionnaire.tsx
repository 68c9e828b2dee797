import { useParams } from 'react-router';
import { SITE_NAME } from '../../../shared/routes.ts';
import { VendorQuestionnaireForm } from '../../features/vendor-questionnaires/components/vendor-questionnaire-form.tsx';
import { QueryProvider } from '../../lib/query-provider.tsx';

/** A vendor's private link: never indexed, and the token stays out of the title. */
export const meta = () => [
  { title: `Security questionnaire · ${SITE_NAME}` },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

/** /vendor-questionnaire/<token>: a vendor answers a questionnaire (docs/vendor-questionnaires.md), served by the SPA fallback. */
export default function VendorQuestionnaireRoute() {
  const { token = '' } = useParams();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      {/* The marketing layout provides no query client (root.tsx): this page brings its own. */}
      <QueryProvider>
        <VendorQuestionnaireForm token={token} />
      </QueryProvider>
    </section>
  );
}
