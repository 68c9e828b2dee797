import { type RouteConfigEntry, index, layout, route } from '@react-router/dev/routes';
import { PAGE_ROUTES } from '../shared/routes.ts';

/**
 * The route tree. Every public page of product.md §2 has its own module, listed here (a public page
 * without one stops the build); workspace routes without one render the generic workspace page.
 */
const dedicatedPublicPages: Record<string, string> = {
  '/auth': 'routes/auth/auth.tsx',
  // content/: pages written in Markdown (src/web/features/content)
  '/automated-compliance': 'routes/content/content-page.tsx',
  '/risk-analytics': 'routes/content/content-page.tsx',
  '/enterprise-risk': 'routes/content/content-page.tsx',
  '/enterprise-audit': 'routes/content/content-page.tsx',
  '/advanced-analytics': 'routes/content/content-page.tsx',
  '/about': 'routes/content/content-page.tsx',
  '/compliance-blueprint': 'routes/content/content-page.tsx',
  '/agent': 'routes/content/content-page.tsx',
  '/data-security': 'routes/content/content-page.tsx',
  '/compliancecore/success': 'routes/content/content-page.tsx',
  '/compliance': 'routes/content/compliance.tsx',
  '/faq': 'routes/content/faq.tsx',
  '/privacy-policy': 'routes/content/legal-page.tsx',
  '/cookie-policy': 'routes/content/legal-page.tsx',
  '/terms': 'routes/content/legal-page.tsx',
  '/documentation': 'routes/content/section-index.tsx',
  '/knowledge-base': 'routes/content/section-index.tsx',
  '/support': 'routes/content/section-index.tsx',
  // Commerce and privacy requests (/subscribe renders /subscription's module through its canonical).
  '/pricing': 'routes/marketing/pricing.tsx',
  '/plan-comparison': 'routes/marketing/plan-comparison.tsx',
  '/roi-calculator': 'routes/marketing/roi-calculator.tsx',
  '/subscription': 'routes/marketing/subscription.tsx',
  '/subscription-success': 'routes/marketing/subscription-success.tsx',
  '/dsar': 'routes/marketing/dsar.tsx',
};
const dedicatedWorkspacePages: Record<string, string> = {
  '/profile': 'routes/workspace/profile.tsx',
  '/admin': 'routes/workspace/admin.tsx',
  '/dashboard-compliancecore': 'routes/workspace/dashboard.tsx',
  '/task-requests': 'routes/workspace/task-requests.tsx',
  '/reviews': 'routes/workspace/reviews.tsx',
  '/quality-scores': 'routes/workspace/quality-scores.tsx',
  '/agents': 'routes/workspace/agents.tsx',
  '/program-execution': 'routes/workspace/program-execution.tsx',
  '/auditor-portal': 'routes/workspace/auditor-portal.tsx',
  '/trust-center': 'routes/workspace/trust-center.tsx',
};

function pageEntries(access: 'public' | 'signed-in', dedicated: Record<string, string>, generic?: string) {
  return PAGE_ROUTES.filter((page) => page.access === access && page.path !== '/').map((page) => {
    const file = dedicated[page.path] ?? dedicated[page.canonical ?? ''] ?? generic;
    if (!file) throw new Error(`No route module for ${page.path}: add one to the route tree in src/web/routes.ts`);
    return route(page.path.slice(1), file, { id: `page${page.path.replaceAll('/', '-')}` });
  });
}

export default [
  layout('routes/marketing/marketing-layout.tsx', [
    index('routes/marketing/home.tsx'),
    ...pageEntries('public', dedicatedPublicPages),
    // One prerendered page per content article (react-router.config.ts lists them from content/).
    route('documentation/:slug', 'routes/content/article.tsx', { id: 'article-documentation' }),
    route('knowledge-base/:slug', 'routes/content/article.tsx', { id: 'article-knowledge-base' }),
    route('support/:slug', 'routes/content/article.tsx', { id: 'article-support' }),
    route('compliance/:slug', 'routes/content/framework.tsx', { id: 'framework' }),
    route('press/:slug', 'routes/content/press-release.tsx', { id: 'press-release' }),
    // An organization's trust center (docs/trust-center.md): a prerendered shell the server fills per organization.
    route('trust/:slug', 'routes/marketing/trust-center.tsx', { id: 'trust-center' }),
    // A person's attestation link (docs/policies.md): the token is in the fragment, so the SPA fallback serves it.
    route('attest', 'routes/marketing/attest.tsx', { id: 'attest' }),
    // A vendor's questionnaire link (docs/vendor-questionnaires.md): no account, the token is the key.
    route('vendor-questionnaire/:token', 'routes/marketing/vendor-questionnaire.tsx', { id: 'vendor-questionnaire' }),
    route('*', 'routes/marketing/not-found.tsx'),
  ]),
  layout('routes/workspace/workspace-layout.tsx', [
    ...pageEntries('signed-in', dedicatedWorkspacePages, 'routes/workspace/workspace-page.tsx'),
  ]),
] satisfies RouteConfigEntry[];
