/**
 * What the sample organization holds (docs/sample-data.md): the demo company's requests, evidence files and
 * risks, written as a health-tech client would. The loader (sample-load.ts) sends them through the services.
 */

/**
 * Our reviewer's quality scores, on the product's own 0–100 scale (the review form's, and the bands of
 * src/shared/rules/score-bands.ts): approved work scores Excellent, the draft sent back for changes Good.
 */
export const APPROVED_SCORES = { accuracy: 94, completeness: 91, framework_alignment: 95, timeliness: 93 };
export const REDRAFT_SCORES = { accuracy: 88, completeness: 78, framework_alignment: 90, timeliness: 94 };

export interface SampleRequest {
  title: string;
  description: string;
  department: 'compliance' | 'risk' | 'legal' | 'operations';
  frameworks: string[];
  daysAgo: number;
  /**
   * Where the loader leaves it. The open ones were asked for recently, inside the plan's turnaround, and
   * their agent runs go to the real queue when the load ends, so they move on like any client's work.
   */
  end: 'queued' | 'in_review' | 'delivered' | 'cancelled' | 'redraft';
}

export const REQUESTS: SampleRequest[] = [
  {
    title: 'HIPAA security risk analysis for the patient portal',
    description:
      'Assess the patient portal (appointment booking, lab results, secure messaging) against the HIPAA Security Rule: threats to ePHI, current safeguards, likelihood and impact, and a prioritised remediation list.',
    department: 'risk',
    frameworks: ['HIPAA'],
    daysAgo: 21,
    end: 'delivered',
  },
  {
    title: 'Information security policy set for SOC 2',
    description:
      'Draft the information security policy set we need for our SOC 2 Type II: access control, change management, incident response, vendor management and acceptable use, sized for a 240-person health-tech company.',
    department: 'compliance',
    frameworks: ['SOC 2'],
    daysAgo: 14,
    end: 'delivered',
  },
  {
    title: 'Vendor review: cloud transcription provider',
    description:
      'Review our new clinical-notes transcription vendor: data they process (ePHI), sub-processors, their SOC 2 report, BAA terms and the gaps we must close before go-live.',
    department: 'legal',
    frameworks: ['HIPAA', 'SOC 2'],
    daysAgo: 1,
    end: 'in_review',
  },
  {
    title: 'Evidence checklist for the SOC 2 access controls',
    description:
      'List the evidence our auditor will ask for on logical access (CC6.1–CC6.3): what, from which system, how often, and who owns it.',
    department: 'compliance',
    frameworks: ['SOC 2'],
    daysAgo: 1.5,
    end: 'redraft',
  },
  {
    title: 'Answer the Mercy Health security questionnaire',
    description:
      'A hospital customer sent a 120-question security questionnaire (SIG Lite). Draft answers from our policies and controls and flag the ones we cannot answer yet.',
    department: 'operations',
    frameworks: ['SOC 2', 'HIPAA'],
    daysAgo: 0.25,
    end: 'queued',
  },
  {
    title: 'Gap assessment against ISO 27001 Annex A',
    description:
      'Our board wants to know how far we are from ISO 27001 certification: a gap assessment against Annex A with effort estimates.',
    department: 'compliance',
    frameworks: ['ISO 27001'],
    daysAgo: 0.1,
    end: 'queued',
  },
  {
    title: 'Breach notification procedure for the EU clinic pilot',
    description: 'A procedure for notifying supervisory authorities and patients within 72 hours for the Dublin clinic pilot.',
    department: 'legal',
    frameworks: ['GDPR'],
    daysAgo: 30,
    end: 'delivered',
  },
  {
    title: 'Privacy impact assessment for the wearables integration',
    description: 'The wearables integration was postponed to next year; this assessment is no longer needed.',
    department: 'legal',
    frameworks: ['HIPAA'],
    daysAgo: 12,
    end: 'cancelled',
  },
];

export const PREFERRED_CONTROLS = ['GOV-01', 'GOV-02', 'IAM-01', 'IAM-02', 'IAM-03', 'IAM-05', 'RSK-02', 'RSK-04', 'HRS-03', 'AST-01'];

export const EVIDENCE_FILES: { title: string; fileName: string; body: (company: string) => string; controls: number; daysAgo: number }[] = [
  {
    title: 'Information security policy (approved)',
    fileName: 'information-security-policy.md',
    body: (company) =>
      `# ${company} — Information security policy\n\nVersion 3.1, approved by the executive team.\n\n## Purpose\nProtect patient and company information.\n`,
    controls: 2,
    daysAgo: 40,
  },
  {
    title: 'Q3 user access review — Okta and AWS',
    fileName: 'q3-access-review.csv',
    body: () =>
      'system,user,role,decision,reviewer\nOkta,maya.okafor,admin,keep,Maya Okafor\nAWS,daniel.reyes,developer,keep,Maya Okafor\nAWS,former.contractor,admin,remove,Maya Okafor\n',
    controls: 3,
    daysAgo: 25,
  },
  {
    title: 'Security awareness training completion',
    fileName: 'training-completion.csv',
    body: () =>
      'employee,course,completed_on\nMaya Okafor,HIPAA and security basics,2026-10-02\nDaniel Reyes,HIPAA and security basics,2026-10-04\n',
    controls: 1,
    daysAgo: 55,
  },
];

export const RISKS = [
  {
    title: 'Patient data exposed through a misconfigured storage bucket',
    category: 'security' as const,
    likelihood: 3,
    impact: 5,
    residualLikelihood: 2,
    residualImpact: 4,
    treatment: 'mitigate' as const,
    treatmentPlan: 'Block public access account-wide; weekly configuration scans.',
  },
  {
    title: 'Transcription vendor processes ePHI without a signed BAA',
    category: 'vendor' as const,
    likelihood: 2,
    impact: 5,
    residualLikelihood: 1,
    residualImpact: 5,
    treatment: 'mitigate' as const,
    treatmentPlan: 'No go-live before the BAA is signed; legal tracks it.',
  },
  {
    title: 'Ransomware halts appointment booking',
    category: 'operational' as const,
    likelihood: 2,
    impact: 4,
    residualLikelihood: 2,
    residualImpact: 3,
    treatment: 'mitigate' as const,
    treatmentPlan: 'Immutable backups, tested restores each quarter, EDR on every laptop.',
  },
  {
    title: 'Key engineer leaves with undocumented infrastructure knowledge',
    category: 'operational' as const,
    likelihood: 3,
    impact: 3,
    residualLikelihood: 3,
    residualImpact: 3,
    treatment: 'accept' as const,
    treatmentPlan: '',
  },
];

export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 86_400_000);
}
