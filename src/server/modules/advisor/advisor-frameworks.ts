/**
 * The frameworks the advisor recognises in a question and in retrieved text (the catalogue of
 * /compliance). `label` is how a reference is cited ("SOC 2 CC6.1"); `aliases` are matched on
 * word boundaries, case-insensitively.
 */

export const FRAMEWORK_IDS = [
  'soc2',
  'iso27001',
  'iso42001',
  'gdpr',
  'hipaa',
  'pci',
  'nist-csf',
  'ccpa',
  'iso27701',
  'nis2',
  'dora',
  'eu-ai-act',
  'nist-800-53',
  'cis',
] as const;
export type FrameworkId = (typeof FRAMEWORK_IDS)[number];

export interface FrameworkInfo {
  id: FrameworkId;
  label: string;
  /** What retrieval searches for when the question names this framework. */
  searchTerms: string;
  aliases: readonly RegExp[];
}

export const FRAMEWORKS: Record<FrameworkId, FrameworkInfo> = {
  soc2: {
    id: 'soc2',
    label: 'SOC 2',
    searchTerms: 'soc 2',
    aliases: [/\bsoc[\s-]?(?:2|ii|two)\b/i, /\btrust services criteria\b/i, /\baicpa\b/i],
  },
  iso27001: {
    id: 'iso27001',
    label: 'ISO 27001',
    searchTerms: 'iso 27001',
    aliases: [/\biso(?:\/iec)?[\s-]?27001\b/i, /\b27001\b/, /\bisms\b/i, /\bstatement of applicability\b/i],
  },
  iso42001: {
    id: 'iso42001',
    label: 'ISO 42001',
    searchTerms: 'iso 42001',
    aliases: [/\biso(?:\/iec)?[\s-]?42001\b/i, /\b42001\b/, /\bai management system\b/i],
  },
  gdpr: {
    id: 'gdpr',
    label: 'GDPR',
    searchTerms: 'gdpr',
    aliases: [/\b(?:uk[\s-])?gdpr\b/i, /\bgeneral data protection regulation\b/i],
  },
  hipaa: {
    id: 'hipaa',
    label: 'HIPAA',
    searchTerms: 'hipaa',
    aliases: [/\bhipaa\b/i, /\bphi\b/i, /\bprotected health information\b/i, /\bbusiness associate\b/i],
  },
  pci: {
    id: 'pci',
    label: 'PCI DSS',
    searchTerms: 'pci dss',
    aliases: [/\bpci(?:[\s-]?dss)?\b/i, /\bcardholder data\b/i, /\bpayment card\b/i],
  },
  'nist-csf': {
    id: 'nist-csf',
    label: 'NIST CSF',
    searchTerms: 'nist csf',
    aliases: [/\bnist[\s-]?csf\b/i, /\bnist cybersecurity framework\b/i, /\bcybersecurity framework\b/i, /\bcsf 2(?:\.0)?\b/i],
  },
  ccpa: {
    id: 'ccpa',
    label: 'CCPA',
    searchTerms: 'ccpa',
    aliases: [/\bccpa\b/i, /\bcpra\b/i, /\bcalifornia consumer privacy\b/i, /\bcalifornia privacy rights\b/i],
  },
  iso27701: {
    id: 'iso27701',
    label: 'ISO 27701',
    searchTerms: 'iso 27701',
    aliases: [/\biso(?:\/iec)?[\s-]?27701\b/i, /\b27701\b/, /\bprivacy information management\b/i, /\bpims\b/i],
  },
  nis2: {
    id: 'nis2',
    label: 'NIS2',
    searchTerms: 'nis2',
    aliases: [/\bnis[\s-]?2\b/i, /\bnis ii\b/i, /\b2022\/2555\b/],
  },
  dora: {
    id: 'dora',
    label: 'DORA',
    searchTerms: 'dora',
    aliases: [/\bDORA\b/, /\bdigital operational resilience act\b/i, /\b2022\/2554\b/],
  },
  'eu-ai-act': {
    id: 'eu-ai-act',
    label: 'EU AI Act',
    searchTerms: 'ai act',
    aliases: [/\b(?:eu\s)?ai act\b/i, /\bartificial intelligence act\b/i, /\b2024\/1689\b/],
  },
  'nist-800-53': {
    id: 'nist-800-53',
    label: 'NIST SP 800-53',
    searchTerms: 'nist 800-53',
    aliases: [/\b(?:nist\s)?(?:sp\s)?800-53\b/i],
  },
  cis: {
    id: 'cis',
    label: 'CIS Controls',
    searchTerms: 'cis controls',
    aliases: [/\bcis(?: critical security)? controls?\b/i, /\bcis v8(?:\.1)?\b/i, /\bcis safeguards?\b/i],
  },
};

/** The frameworks a text names, in the order they first appear. */
export function detectFrameworks(text: string): FrameworkId[] {
  const found: { id: FrameworkId; at: number }[] = [];
  for (const id of FRAMEWORK_IDS) {
    let first = Number.POSITIVE_INFINITY;
    for (const alias of FRAMEWORKS[id].aliases) {
      const match = alias.exec(text);
      if (match && match.index < first) first = match.index;
    }
    if (first !== Number.POSITIVE_INFINITY) found.push({ id, at: first });
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.id);
}

/** The framework a stored document is about: its metadata says so, else its title. */
export function documentFramework(title: string, metadata: Record<string, unknown>): FrameworkId | null {
  // Framework pages name themselves (`name: SOC 2`); other content may declare `framework`.
  const declared = metadata.kind === 'framework' ? metadata.name : metadata.framework;
  if (typeof declared === 'string') {
    const normalized = declared.toLowerCase().replaceAll(/[^a-z0-9]/g, '');
    const byId = FRAMEWORK_IDS.find((id) => id.replaceAll('-', '') === normalized);
    if (byId) return byId;
    const byName = detectFrameworks(declared)[0];
    if (byName) return byName;
  }
  return detectFrameworks(title)[0] ?? null;
}
