import { type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { ContentPageView } from '../../features/content/components/content-page-view.tsx';
import { canonicalPath, pageView } from '../../features/content/content-views.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { organizationJsonLd } from '../../layout/structured-data.ts';

/** The capability pages, /about, /compliance-blueprint, /agent, /data-security and /compliancecore/success. */
export function loader({ request }: LoaderFunctionArgs) {
  return pageView(canonicalPath(request.url));
}

export const meta = ({ location }: MetaArgs) => [
  ...pageMeta(location.pathname),
  ...(location.pathname === '/about' ? [organizationJsonLd()] : []),
];

export default function ContentPage() {
  return <ContentPageView page={useLoaderData<typeof loader>()} />;
}
