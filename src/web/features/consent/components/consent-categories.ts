import type { ConsentCategory } from '../../../../shared/schemas/consent.ts';

/** What each cookie category covers, as the Customize view and the cookie policy describe it. */
export const CONSENT_CATEGORY_TEXT: Record<ConsentCategory | 'essential', { label: string; description: string }> = {
  essential: {
    label: 'Essential',
    description: 'Sign-in, security and your cookie choice itself. The site cannot work without them.',
  },
  functional: {
    label: 'Functional',
    description: 'Remember conveniences you ask for between visits, such as your recent searches.',
  },
  analytics: {
    label: 'Analytics',
    description: 'Measure which pages and features are used so we can improve them. No data is sold.',
  },
  marketing: {
    label: 'Marketing',
    description: 'Measure our campaigns and show relevant ComplianceCore offers on other sites.',
  },
};
