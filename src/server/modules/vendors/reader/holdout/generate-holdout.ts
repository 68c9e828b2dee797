import type { HoldoutDocument, WriterOptions } from './holdout-pdf.ts';
import { writeCertificate, type CertificateSpec } from './certificate-holdout.ts';
import { writeSoc2, type Soc2Exception, type Soc2Spec } from './soc2-holdout.ts';

/**
 * The held-out corpus: 12 SOC 2 reports and 3 ISO 27001 certificates, generated at test time, with
 * the truth (values and pages) recorded as they are written. Independent of the reader's own corpus.
 */

const helvetica: WriterOptions = {
  font: 'Helvetica',
  boldFont: 'Helvetica-Bold',
  bodySize: 10,
  decor: { header: 'Confidential', footer: 'Page {n} of {total}' },
};
const times: WriterOptions = {
  font: 'Times-Roman',
  boldFont: 'Times-Bold',
  bodySize: 11,
  decor: { footer: 'CONFIDENTIAL — Do not distribute     {n}' },
};

const EX_ACCESS: Soc2Exception = {
  criterion: 'CC6.2',
  control: 'Access for terminated employees is revoked within one business day of termination.',
  test: 'For a sample of 25 terminated employees, inspected tickets and system access listings.',
  result: 'Exception noted. For 2 of 25 terminated employees sampled, access was removed between 6 and 11 days after termination.',
};
const EX_CHANGE: Soc2Exception = {
  criterion: 'CC8.1',
  control: 'Changes to production are peer reviewed and approved prior to deployment.',
  test: 'Inspected a sample of 40 changes for evidence of review and approval.',
  result: 'Deviation noted: 3 of 40 changes were deployed without documented approval.',
};
const EX_BACKUP: Soc2Exception = {
  criterion: 'A1.2',
  control: 'Backups are restored quarterly to verify their integrity.',
  test: 'Inspected restore test evidence for each quarter in the period.',
  result: 'Exceptions noted. The restore test for one of four quarters was not performed.',
};
const EX_REVIEW: Soc2Exception = {
  criterion: 'CC6.3',
  control: 'User access to production systems is reviewed quarterly by system owners.',
  test: 'Inspected quarterly access reviews for the period.',
  result: 'The Q3 access review was not completed. Exception noted.',
};
const EX_MONITOR: Soc2Exception = {
  criterion: 'CC7.2',
  control: 'Security alerts are triaged by the on-call engineer within 24 hours.',
  test: 'Inspected a sample of 25 alerts and their triage timestamps.',
  result: 'For 4 of 25 alerts sampled, triage occurred after 24 hours. Exception noted.',
};

const CUECS = [
  {
    text: 'User entities are responsible for provisioning and removing access of their own users to the application.',
    criteria: ['CC6.1', 'CC6.2'],
  },
  { text: 'User entities are responsible for reviewing the access of their users on a periodic basis.', criteria: ['CC6.3'] },
  { text: 'User entities are responsible for configuring multi-factor authentication for their user accounts.', criteria: ['CC6.1'] },
  {
    text: 'User entities are responsible for notifying the service organization of security incidents affecting their accounts.',
    criteria: ['CC7.3'],
  },
  { text: 'User entities are responsible for ensuring the data they submit is complete and accurate.', criteria: ['PI1.2'] },
  { text: 'User entities are responsible for securing the workstations and networks used to access the service.', criteria: ['CC6.8'] },
];

const AWS = { name: 'AWS', long: 'Amazon Web Services, Inc.', method: 'carved_out' as const };
const GCP = { name: 'Google Cloud', long: 'Google Cloud Platform', method: 'carved_out' as const };
const EQUINIX = { name: 'Equinix', long: 'Equinix, Inc.', method: 'inclusive' as const };

type Soc2Overrides = Partial<Omit<Soc2Spec, 'style'>> & { style?: Partial<Soc2Spec['style']> };

function soc2(name: string, overrides: Soc2Overrides): Soc2Spec {
  const base: Soc2Spec = {
    name,
    company: 'Lumenfold, Inc.',
    system: 'Lumenfold Payments Platform',
    auditor: 'Halvorsen & Pike LLP',
    city: 'Denver, Colorado',
    type: 'type2',
    start: '2025-05-01',
    end: '2026-04-30',
    opinion: 'unqualified',
    categories: ['security'],
    exceptions: [],
    cleanRows: 8,
    cuecs: CUECS.slice(0, 4),
    subservice: [AWS],
    signed: '2026-06-12',
    style: { writer: helvetica, dates: 'us', title: 'plain', typeWord: 'arabic', tests: 'table3', cuecs: 'numbered' },
  };
  return { ...base, ...overrides, style: { ...base.style, ...overrides.style } };
}

export const HOLDOUT_SOC2: Soc2Spec[] = [
  soc2('h01-type2-clean-table3', {}),
  soc2('h02-type2-exceptions-landscape', {
    company: 'Orchard Metrics Ltd',
    auditor: 'Brightwater Assurance LLP',
    categories: ['security', 'availability', 'confidentiality'],
    exceptions: [EX_ACCESS, EX_BACKUP],
    cuecs: CUECS.slice(0, 5),
    style: { tests: 'landscape4', cuecs: 'table', typeWord: 'roman' },
  }),
  soc2('h03-qualified-bridge', {
    company: 'Tessellate Health, Inc.',
    auditor: 'Marlow Kerr CPAs, P.C.',
    opinion: 'qualified',
    start: '2025-01-01',
    end: '2025-12-31',
    exceptions: [EX_ACCESS, EX_CHANGE],
    bridge: { date: '2026-03-15', gapEnd: '2026-02-28' },
    categories: ['security', 'availability', 'privacy'],
    style: { writer: times, dates: 'usComma', title: 'plural', tests: 'grouped', cuecs: 'lettered' },
  }),
  soc2('h04-type1-asof', {
    company: 'Quillstack Software',
    type: 'type1',
    start: undefined,
    end: '2026-03-31',
    auditor: 'Anselm Grey & Co. LLP',
    cleanRows: 5,
    subservice: [GCP],
    style: { title: 'allCaps', typeWord: 'roman', cuecs: 'table' },
  }),
  soc2('h05-disclaimer', {
    company: 'Brackenridge Data Corp.',
    auditor: 'Whitlock Fenn LLP',
    opinion: 'disclaimer',
    start: '2025-07-01',
    end: '2026-06-30',
    exceptions: [EX_MONITOR],
    style: { writer: times, dates: 'dayMonth', tests: 'table3', cuecs: 'numbered' },
  }),
  soc2('h06-adverse-many-exceptions', {
    company: 'Kitewire Networks, Inc.',
    auditor: 'Halvorsen & Pike LLP',
    opinion: 'adverse',
    exceptions: [EX_ACCESS, EX_CHANGE, EX_REVIEW, EX_MONITOR],
    cleanRows: 12,
    categories: ['security', 'confidentiality'],
    style: { tests: 'landscape4', cuecs: 'lettered', contents: true },
  }),
  soc2('h07-inclusive-two-column', {
    company: 'Parallax Freight Systems',
    auditor: 'Corwin Ashby LLP',
    subservice: [EQUINIX, AWS],
    cuecs: CUECS,
    categories: ['security', 'availability', 'processing_integrity'],
    exceptions: [EX_BACKUP],
    style: { writer: times, cuecs: 'twoColumn', tests: 'grouped', dates: 'numeric' },
  }),
  soc2('h08-type2-bridge-clean', {
    company: 'Sundial HR Cloud',
    auditor: 'Marlow Kerr CPAs, P.C.',
    start: '2025-10-01',
    end: '2026-09-30',
    bridge: { date: '2026-11-20', gapEnd: '2026-12-31' },
    categories: ['security', 'availability', 'confidentiality', 'privacy'],
    style: { title: 'allCaps', typeWord: 'roman', dates: 'dayMonth', contents: true },
  }),
  soc2('h09-type1-qualified', {
    company: 'Ferrovia Analytics',
    type: 'type1',
    start: undefined,
    end: '2025-12-31',
    opinion: 'qualified',
    auditor: 'Brightwater Assurance LLP',
    exceptions: [EX_REVIEW],
    cuecs: CUECS.slice(2, 6),
    subservice: [],
    style: { writer: times, title: 'plural', cuecs: 'numbered', tests: 'table3', dates: 'iso' },
  }),
  soc2('h10-processing-integrity', {
    company: 'Lattice Ledger Co.',
    auditor: 'Anselm Grey & Co. LLP',
    start: '2025-04-01',
    end: '2026-03-31',
    categories: ['security', 'processing_integrity', 'confidentiality'],
    exceptions: [EX_CHANGE],
    cuecs: CUECS.slice(0, 6),
    subservice: [GCP],
    style: { tests: 'table3', cuecs: 'table', typeWord: 'roman', dates: 'usComma' },
  }),
  soc2('h11-qualified-landscape-bridge', {
    company: 'Northbeam Identity, Inc.',
    auditor: 'Whitlock Fenn LLP',
    opinion: 'qualified',
    start: '2025-06-01',
    end: '2026-05-31',
    exceptions: [EX_ACCESS, EX_MONITOR, EX_BACKUP],
    categories: ['security', 'availability'],
    bridge: { date: '2026-08-05', gapEnd: '2026-07-31' },
    style: { writer: times, tests: 'landscape4', cuecs: 'numbered', title: 'allCaps' },
  }),
  soc2('h12-clean-grouped-no-subservice', {
    company: 'Pinecrest Mail Services',
    auditor: 'Corwin Ashby LLP',
    start: '2025-02-01',
    end: '2026-01-31',
    subservice: [],
    cuecs: CUECS.slice(1, 4),
    style: { tests: 'grouped', cuecs: 'lettered', dates: 'numeric', typeWord: 'roman' },
  }),
];

export const HOLDOUT_CERTIFICATES: CertificateSpec[] = [
  {
    name: 'hc1-registration',
    company: 'Lumenfold, Inc.',
    standard: 'ISO/IEC 27001:2022',
    scope:
      'The information security management system supporting the design, development and operation of the Lumenfold payments platform.',
    issuer: 'Northgate Assurance Ltd',
    number: 'IS 771204',
    validFrom: '2024-03-12',
    validUntil: '2027-03-11',
    dates: 'dayMonth',
    style: 'registration',
  },
  {
    name: 'hc2-label-table-landscape',
    company: 'Orchard Metrics Ltd',
    standard: 'ISO/IEC 27001:2013',
    scope: 'Provision of analytics software as a service, including hosting, support and customer data processing.',
    issuer: 'Veritant Certification Services',
    number: 'VCS-ISMS-2023-0917',
    validFrom: '2023-09-18',
    validUntil: '2026-09-17',
    dates: 'us',
    style: 'labelTable',
  },
  {
    name: 'hc3-prose',
    company: 'Brackenridge Data Corp.',
    standard: 'ISO/IEC 27001:2022',
    scope: 'Development, operation and support of cloud-based data warehousing services.',
    issuer: 'Kestrel Zertifizierung GmbH',
    number: '2025-ISMS-0457',
    validFrom: '2025-02-01',
    validUntil: '2028-01-31',
    dates: 'iso',
    style: 'prose',
  },
];

export async function generateHoldout(): Promise<HoldoutDocument[]> {
  const docs: HoldoutDocument[] = [];
  for (const spec of HOLDOUT_SOC2) docs.push(await writeSoc2(spec));
  for (const spec of HOLDOUT_CERTIFICATES) docs.push(await writeCertificate(spec));
  return docs;
}
