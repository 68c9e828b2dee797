/** The site's navigation (product.md §2): one list, used by the header, the mobile menu and the footer. */

export interface NavLink {
  to: string;
  label: string;
}

export const CAPABILITY_LINKS: readonly NavLink[] = [
  { to: '/automated-compliance', label: 'Certified Audit Reviews and Compliance Readiness' },
  { to: '/risk-analytics', label: 'Risk Analytics & AI Intelligence' },
  { to: '/enterprise-risk', label: 'Compliance Monitoring' },
  { to: '/enterprise-audit', label: 'Risk Management' },
  { to: '/plan-comparison', label: 'Compare Plans' },
];

export const PRIMARY_LINKS: readonly NavLink[] = [
  { to: '/compliance-blueprint', label: 'How It Works' },
  { to: '/roi-calculator', label: 'ROI Calculator' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/support', label: 'Support' },
];

export const FOOTER_COMPANY_LINKS: readonly NavLink[] = [
  { to: '/about', label: 'About' },
  { to: '/faq', label: 'FAQ' },
  { to: '/support', label: 'Support' },
  { to: '/#contact', label: 'Contact' },
];

export const FOOTER_CAPABILITY_LINKS: readonly NavLink[] = [
  ...CAPABILITY_LINKS.slice(0, 4),
  { to: '/advanced-analytics', label: 'Real-Time Analytics Engine' },
];

export const FOOTER_RESOURCE_LINKS: readonly NavLink[] = [
  { to: '/documentation', label: 'Documentation' },
  { to: '/knowledge-base', label: 'Knowledge Base' },
  { to: '/compliance', label: 'Frameworks' },
  { to: '/agent', label: 'AI Agents' },
];

export const FOOTER_LEGAL_LINKS: readonly NavLink[] = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/data-security', label: 'Data Security' },
  { to: '/dsar', label: 'Privacy Request' },
];

/** Social profiles: configuration, not content; these are the company's public handles. */
export const SOCIAL_LINKS: readonly { href: string; label: string }[] = [
  { href: 'https://www.linkedin.com/company/compliancecore', label: 'LinkedIn' },
  { href: 'https://x.com/compliancecore', label: 'X (Twitter)' },
  { href: 'https://github.com/compliancecore', label: 'GitHub' },
];
