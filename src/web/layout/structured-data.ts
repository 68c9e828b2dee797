import type { MetaDescriptor } from 'react-router';
import { SITE_NAME } from '../../shared/routes.ts';
import { SOCIAL_LINKS } from './navigation.ts';

/**
 * schema.org JSON-LD for search engines, as React Router meta descriptors (rendered into <head>
 * of the prerendered page). Only facts the site states elsewhere go in here.
 */
export function organizationJsonLd(): MetaDescriptor {
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE_NAME,
      slogan: 'Compliance & Analytics On Demand',
      description:
        'Compliance, risk analytics and audit work for growing companies as one flat monthly subscription with unlimited tasks, delivered by AI agents and checked by human reviewers.',
      knowsAbout: ['SOC 2', 'ISO/IEC 27001:2022', 'GDPR', 'HIPAA', 'PCI DSS 4.0.1', 'NIST CSF 2.0', 'ISO/IEC 42001', 'CCPA/CPRA'],
      sameAs: SOCIAL_LINKS.map((link) => link.href),
    },
  };
}

export function faqJsonLd(questions: readonly { question: string; answer: string }[]): MetaDescriptor {
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: questions.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    },
  };
}
