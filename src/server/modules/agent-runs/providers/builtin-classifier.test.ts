import { describe, expect, it } from 'vitest';
import type { Department, WorkKind } from '../../../../shared/schemas/task-requests.ts';
import { classifyBuiltin } from './builtin-classifier.ts';

/**
 * The kind of work from how clients really ask: each kind in several voices, and the pairs that
 * share words (an evidence checklist for a gap we know about, a policy about suppliers, a
 * questionnaire a vendor sent, a risk register that mentions an assessment).
 */
const asked: [WorkKind, Department, string, string][] = [
  // policy drafts
  ['policy_draft', 'legal', 'Password standard', 'Need a password and MFA standard for the whole company, SOC 2 flavoured.'],
  [
    'policy_draft',
    'operations',
    'Third-party management policy',
    'Our suppliers are tracked in a spreadsheet. Draft the policy that says how we choose and monitor them.',
  ],
  ['policy_draft', 'risk', 'Business continuity', 'Please write our business continuity and disaster recovery procedure; we are on Azure.'],
  ['policy_draft', 'compliance', 'Code of conduct refresh', 'Our code of conduct is from 2019, can you rewrite it?'],
  [
    'policy_draft',
    'compliance',
    'Access review procedure',
    'Write down how we run the quarterly access review in Okta, as a procedure people can follow.',
  ],
  // gap assessments
  [
    'gap_assessment',
    'risk',
    'Are we ready for ISO 27001?',
    'We have some policies but no internal audit. How close are we to certification?',
  ],
  [
    'gap_assessment',
    'legal',
    'GDPR review',
    'Compare what we do today against GDPR and tell us the holes, we have no records of processing.',
  ],
  ['gap_assessment', 'operations', 'HIPAA', 'Where do we stand with HIPAA? We have never done a risk analysis.'],
  ['gap_assessment', 'compliance', 'PCI DSS 4.0 readiness', 'Readiness review before our QSA visits in Q3.'],
  // risk registers
  [
    'risk_register',
    'operations',
    'Risks of moving to the cloud',
    'List the threats of moving our ERP to AWS with likelihood and impact, and how we treat each.',
  ],
  [
    'risk_register',
    'compliance',
    'Data platform risk assessment',
    'Risk assessment for the new data lake: what could go wrong and how bad would it be?',
  ],
  ['risk_register', 'legal', 'Top 10 privacy risks', 'Give us the top privacy risks of our mobile app, scored, with owners.'],
  [
    'risk_register',
    'risk',
    'Register for the AI feature',
    'Add register entries for our LLM summariser: hallucination, prompt injection, data leakage.',
  ],
  // evidence checklists
  [
    'evidence_checklist',
    'compliance',
    'What do we show the auditor for change management?',
    'Our SOC 2 auditor will sample CC8.1. Which pull request records and deploy logs do we export?',
  ],
  [
    'evidence_checklist',
    'risk',
    'Evidence for the gap we closed',
    'We closed the MFA gap last month. List the proof we should keep for CC6.1 so the auditor accepts it.',
  ],
  ['evidence_checklist', 'legal', 'Artefacts for Article 30', 'Which artefacts demonstrate our records of processing to the regulator?'],
  [
    'evidence_checklist',
    'operations',
    'Screenshots for the QSA',
    'The assessor wants screenshots and exports for requirement 8. Make us a checklist.',
  ],
  // vendor reviews
  [
    'vendor_review',
    'operations',
    'Check out Datadog',
    'We are about to send production logs to Datadog. Are they secure enough? Read their SOC 2 report.',
  ],
  [
    'vendor_review',
    'compliance',
    'Onboarding a new payroll supplier',
    'Before we sign with Deel, assess their security and the data they will hold about our staff.',
  ],
  ['vendor_review', 'legal', 'HubSpot as a processor', 'Is HubSpot OK as a processor under GDPR? Look at their DPA and sub-processors.'],
  ['vendor_review', 'risk', 'Due diligence on Zoom', 'Due diligence on Zoom for recorded customer calls.'],
  ['vendor_review', 'compliance', 'Third-party risk assessment: Okta', 'Third-party risk assessment of Okta, our identity provider.'],
  // questionnaires
  [
    'questionnaire_answers',
    'operations',
    'Bank questions',
    'Our bank customer wants to know:\nDo you encrypt backups?\nDo you have cyber insurance?\nWho is your CISO?',
  ],
  ['questionnaire_answers', 'risk', 'Fill in the CAIQ', 'Fill in the CAIQ for our enterprise prospect, SOC 2 based.'],
  [
    'questionnaire_answers',
    'legal',
    'Vendor assessment from a customer',
    'A customer sent us their vendor security questionnaire to complete before renewal.',
  ],
  ['questionnaire_answers', 'compliance', 'RFP security section', 'Draft our replies to the security section of the RFP from the county.'],
  [
    'questionnaire_answers',
    'risk',
    'Customer wants answers',
    '1. Are you ISO 27001 certified?\n2. Do you perform annual penetration tests?\n3. How do you handle security incidents?',
  ],
];

describe('classifyBuiltin: the kind of work', () => {
  it.each(asked)('%s for "%s" (%s)', (kind, department, title, description) => {
    const classification = classifyBuiltin({ title, description, department, deadline: null, frameworks: [] });
    expect(classification.workKind).toBe(kind);
    expect(classification.reasons[0]).toMatch(/the request mentions “/);
  });

  it('falls back on the department when nothing names the work, and says so', () => {
    const classification = classifyBuiltin({
      title: 'Help',
      description: 'Something for Acme.',
      department: 'risk',
      deadline: null,
      frameworks: [],
    });
    expect(classification.workKind).toBe('risk_register');
    expect(classification.reasons[0]).toMatch(/usual work for the risk department/);
  });

  it('lets the department break a tie between two kinds named equally', () => {
    const request = { title: 'Vendor policy', description: '', deadline: null, frameworks: [] };
    const asLegal = classifyBuiltin({ ...request, department: 'legal' });
    expect(asLegal.workKind).toBe('policy_draft');
  });
});
