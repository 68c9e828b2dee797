import type { BriefThingKind } from '../../../../shared/schemas/brief-facts.ts';
import { stem, words } from '../../advisor/advisor-text.ts';
import { type Grounding, controlRequirements } from './agent-grounding.ts';
import { describeThings, quoted, scopeStatements } from './compose-facts.ts';
import {
  type ComposedDraft,
  clamp,
  countFor,
  detailLevel,
  frameworkList,
  organizationName,
  passageLine,
  passagesFor,
  securityOwner,
  sensitiveData,
  table,
} from './draft-document.ts';

interface RiskTemplate {
  /** Words in the request that make this risk relevant. */
  cues: string;
  title: string;
  scenario: string;
  likelihood: number;
  impact: number;
  treatment: string;
  /** The catalogue controls that treat it: the requirement shown comes from their typed mappings. */
  controls: readonly string[];
  /** Brief topics (brief-topics.ts) whose stated gap makes this risk likelier. */
  topics: readonly string[];
  owner: 'security' | 'engineering' | 'people' | 'legal' | 'operations';
}

const LIBRARY: readonly RiskTemplate[] = [
  {
    cues: 'access account user login identity mfa privilege joiner leaver offboarding',
    title: 'Unauthorised access through stale or excessive accounts',
    scenario: 'Leavers keep access or staff accumulate privileges, and an account is misused or taken over.',
    likelihood: 4,
    impact: 4,
    treatment: 'Mitigate: MFA everywhere, joiner-mover-leaver process tied to HR, quarterly access reviews.',
    controls: ['IAM-03', 'IAM-07', 'IAM-05', 'IAM-04'],
    topics: [
      'multi-factor authentication',
      'single sign-on',
      'access reviews',
      'offboarding and access removal',
      'privileged access',
      'passwords',
    ],
    owner: 'security',
  },
  {
    cues: 'vendor supplier third party subprocessor saas outsourcing',
    title: 'Third-party compromise exposing company data',
    scenario: 'A vendor that stores or processes company data is breached or fails, and the data or service is lost.',
    likelihood: 3,
    impact: 4,
    treatment:
      'Mitigate: vendor inventory, due diligence before onboarding, annual review of assurance reports, contractual security terms.',
    controls: ['VEN-01', 'VEN-03', 'VEN-02'],
    topics: ['vendor management', 'data processing agreements'],
    owner: 'operations',
  },
  {
    cues: 'change deploy release code software development pipeline',
    title: 'Unreviewed change breaks production or opens a vulnerability',
    scenario: 'A code or infrastructure change goes live without review or testing and causes an outage or a security hole.',
    likelihood: 3,
    impact: 3,
    treatment: 'Mitigate: mandatory pull-request review, automated tests, separated deployment rights, change log.',
    controls: ['SDL-09', 'SDL-04'],
    topics: ['change management', 'secure development'],
    owner: 'engineering',
  },
  {
    cues: 'incident breach attack ransomware response detection monitoring',
    title: 'Security incident detected late or handled poorly',
    scenario:
      'An intrusion or data breach is not noticed in time, or the response is improvised, widening the damage and missing notification deadlines.',
    likelihood: 3,
    impact: 5,
    treatment: 'Mitigate: central logging and alerting, a tested incident response plan, a yearly tabletop exercise.',
    controls: ['INC-01', 'OPS-06', 'INC-07'],
    topics: ['incident response', 'logging and monitoring', 'breach notification'],
    owner: 'security',
  },
  {
    cues: 'backup availability outage recovery continuity disaster resilience',
    title: 'Data loss or prolonged outage without tested recovery',
    scenario: 'A failure, deletion or ransomware event destroys data and backups have not been restored in a test.',
    likelihood: 2,
    impact: 5,
    treatment: 'Mitigate: automated backups with immutable copies, quarterly restore tests, a documented recovery plan.',
    controls: ['OPS-04', 'BCM-02', 'BCM-03'],
    topics: ['backups and restore testing', 'business continuity and disaster recovery'],
    owner: 'engineering',
  },
  {
    cues: 'personal data privacy gdpr ccpa consent retention data subject',
    title: 'Personal data processed without a lawful basis or kept too long',
    scenario:
      'Personal data is collected or retained beyond what is needed, or a data subject request is missed, leading to regulatory action.',
    likelihood: 3,
    impact: 4,
    treatment: 'Mitigate: records of processing, retention schedule, a tracked process for data subject requests.',
    controls: ['PRV-02', 'PRV-06', 'PRV-04', 'PRV-05'],
    topics: [
      'records of processing',
      'data retention',
      'data subject requests',
      'consent',
      'privacy notice',
      'data protection impact assessments',
      'international transfers',
    ],
    owner: 'legal',
  },
  {
    cues: 'phishing training awareness employee staff social engineering',
    title: 'Staff fall for phishing or social engineering',
    scenario: 'An employee gives away credentials or approves a fraudulent payment after a convincing phishing message.',
    likelihood: 4,
    impact: 3,
    treatment: 'Mitigate: onboarding and yearly awareness training, phishing simulations, payment verification by a second channel.',
    controls: ['HRS-03'],
    topics: ['security awareness training'],
    owner: 'people',
  },
  {
    cues: 'encryption key laptop device endpoint cloud storage',
    title: 'Unencrypted data exposed through a lost device or misconfigured storage',
    scenario: 'A laptop is lost or a cloud bucket is left public, exposing readable company or customer data.',
    likelihood: 3,
    impact: 4,
    treatment: 'Mitigate: full-disk encryption and device management, encryption at rest by default, configuration scanning.',
    controls: ['CRY-02', 'CFG-04', 'CRY-03'],
    topics: ['encryption', 'encryption at rest', 'encryption in transit', 'key management', 'endpoint security'],
    owner: 'engineering',
  },
  {
    cues: 'vulnerability patch scanning penetration',
    title: 'Known vulnerabilities left unpatched',
    scenario: 'A published vulnerability in an internet-facing system is exploited before it is patched.',
    likelihood: 3,
    impact: 4,
    treatment: 'Mitigate: monthly scanning, patch deadlines by severity, a yearly penetration test.',
    controls: ['VUL-02', 'VUL-01', 'VUL-03'],
    topics: ['vulnerability management', 'penetration testing', 'configuration hardening'],
    owner: 'engineering',
  },
  {
    cues: 'risk governance management board oversight compliance audit',
    title: 'Risks not identified or owned, so controls drift',
    scenario: 'Without a maintained risk register and owners, new risks go unassessed and controls decay before the audit.',
    likelihood: 3,
    impact: 3,
    treatment: 'Mitigate: a quarterly risk review with named owners and treatment deadlines reported to leadership.',
    controls: ['RSK-02', 'RSK-04', 'RSK-03'],
    topics: ['risk assessment', 'asset inventory'],
    owner: 'security',
  },
];

const OWNER_ROLE = {
  engineering: 'Head of Engineering',
  people: 'Head of People',
  legal: 'Legal / DPO',
  operations: 'Head of Operations',
} as const;

/** Which risks concern a named thing, by its kind: the control families that treat them. */
const FAMILIES_FOR: Record<BriefThingKind, readonly string[]> = {
  identity_provider: ['IAM'],
  cloud: ['CRY', 'CFG', 'OPS', 'BCM', 'IAM'],
  vendor: ['VEN', 'PRV', 'IAM'],
  system: ['VEN', 'PRV', 'IAM', 'CRY'],
  tool: ['SDL', 'VUL', 'INC', 'OPS', 'VEN'],
};

/** The risks the request's words and stated gaps point to, scored before and after treatment, with their owner and requirement. */
function scoredRisks(grounding: Grounding, level: ReturnType<typeof detailLevel>, data: readonly string[], large: boolean) {
  const topic = grounding.topic;
  const gapTopics = new Set(grounding.facts.gaps.map((gap) => gap.topic));
  // A risk the brief's own stated gap feeds comes first: the client told us it is exposed there.
  const ranked = LIBRARY.map((template, index) => ({
    template,
    index,
    hits:
      words(template.cues).filter((word) => topic.has(stem(word))).length + (template.topics.some((name) => gapTopics.has(name)) ? 100 : 0),
  })).sort(
    (a, b) => b.hits - a.hits || b.template.likelihood * b.template.impact - a.template.likelihood * a.template.impact || a.index - b.index,
  );
  const chosen = ranked.slice(0, countFor(level, 6));

  return chosen.map(({ template }, index) => {
    const stated = grounding.facts.gaps.find((gap) => template.topics.includes(gap.topic));
    const likelihood = clamp(template.likelihood + (large && template.owner === 'security' ? 1 : 0) + (stated ? 1 : 0), 1, 5);
    const impact = clamp(template.impact + (data.length > 0 ? 1 : 0), 1, 5);
    const residualLikelihood = clamp(likelihood - 2, 1, 5);
    const residualImpact = clamp(impact - (template.treatment.includes('backup') ? 1 : 0), 1, 5);
    const requirement = controlRequirements(grounding, template.controls, 1)[0];
    const owner = template.owner === 'security' ? securityOwner(grounding) : OWNER_ROLE[template.owner];
    return {
      id: `R-${String(index + 1).padStart(2, '0')}`,
      template,
      likelihood,
      impact,
      inherent: likelihood * impact,
      residual: residualLikelihood * residualImpact,
      residualLikelihood,
      residualImpact,
      requirement,
      owner,
      stated,
    };
  });
}

/** A risk register: risks chosen from the request's words, scored likelihood × impact before and after treatment. */
export const composeRiskRegister = (grounding: Grounding): ComposedDraft => {
  const organization = organizationName(grounding);
  const level = detailLevel(grounding.notes);
  const data = sensitiveData(grounding);
  const large = grounding.organization.size === '501-2000' || grounding.organization.size === '2000+';
  const risks = scoredRisks(grounding, level, data, large);
  const register = table(
    ['ID', 'Risk', 'Likelihood (1–5)', 'Impact (1–5)', 'Inherent (L×I)', 'Treatment', 'Residual (L×I)', 'Owner', 'Requirement'],
    risks.map((risk) => [
      risk.id,
      `**${risk.template.title}.** ${risk.template.scenario}${risk.stated ? ` Stated in the request: ${quoted(risk.stated, 140)}` : ''}`,
      String(risk.likelihood),
      String(risk.impact),
      String(risk.inherent),
      risk.template.treatment,
      `${risk.residual} (${risk.residualLikelihood}×${risk.residualImpact})`,
      risk.owner,
      risk.requirement?.citation ?? '—',
    ]),
  );
  // Every system, vendor or tool the request names is an asset row with the risks that concern it.
  const assets = grounding.facts.things.map((thing) => {
    const concerned = risks.filter((risk) =>
      risk.template.controls.some((control) => FAMILIES_FOR[thing.kind].includes(control.split('-')[0] ?? '')),
    );
    const shown = concerned.length > 0 ? concerned : risks.slice(0, 1);
    return [
      thing.name,
      describeThings([thing]).replace(/^.*\((.*)\)$/, '$1'),
      shown.map((risk) => `${risk.id} ${risk.template.title}`).join('; '),
    ];
  });
  const band = (score: number) => (score >= 15 ? 'High' : score >= 8 ? 'Medium' : 'Low');
  const heat = table(
    ['Band', 'Inherent', 'Residual'],
    ['High', 'Medium', 'Low'].map((name) => [
      `${name} (${name === 'High' ? '15–25' : name === 'Medium' ? '8–14' : '1–7'})`,
      risks
        .filter((risk) => band(risk.inherent) === name)
        .map((risk) => risk.id)
        .join(', ') || '—',
      risks
        .filter((risk) => band(risk.residual) === name)
        .map((risk) => risk.id)
        .join(', ') || '—',
    ]),
  );
  const guidance = passagesFor(grounding, 'risk register likelihood impact owner treatment residual', 2);
  const more = grounding.passages.filter((passage) => !guidance.includes(passage)).slice(0, countFor(level, 2));
  const top = [...risks].sort((a, b) => b.inherent - a.inherent);
  const meanTop = top.slice(0, 3).reduce((sum, risk) => sum + risk.inherent, 0) / Math.max(1, Math.min(3, top.length));

  return {
    title: `Risk register — ${organization}${grounding.request.title ? `: ${grounding.request.title}` : ''}`,
    summary: `${risks.length} risks for ${organization}, scored likelihood × impact (1–25) before and after treatment. ${
      top.filter((risk) => band(risk.inherent) === 'High').length
    } start in the high band; with the treatments in place none stays above ${Math.max(...risks.map((risk) => risk.residual))}.`,
    keyFindings: top
      .slice(0, 3)
      .map((risk) => `${risk.id} ${risk.template.title}: inherent ${risk.inherent}, residual ${risk.residual} once treated.`),
    riskScore: clamp((meanTop / 25) * 100),
    recommendations: [
      `Confirm each owner and give every treatment a deadline; start with ${top[0]?.id ?? 'the highest risk'}.`,
      'Review the register quarterly and whenever a system, vendor or regulation changes.',
      `Link each risk to the controls in your ${frameworkList(grounding)} programme so the register doubles as audit evidence.`,
    ],
    sections: [
      {
        heading: 'Method',
        body: `Likelihood and impact are scored 1–5; inherent risk is likelihood × impact before any treatment, residual risk after the planned treatment. ${data.length > 0 ? `Impact is raised by one because ${data.join(', ')} is processed. ` : ''}${large ? 'Likelihood of access-related risks is raised by one for an organisation of this size. ' : ''}Scores are a starting point for ${organization}'s risk owners to confirm. A risk the request itself says it is exposed to (a stated gap) comes first and its likelihood is raised by one. Each risk's requirement comes from the frameworks catalogue's mapping of the controls that treat it.${
          grounding.facts.things.length > 0 ? ` Systems named in the request: ${describeThings(grounding.facts.things)}.` : ''
        }${scopeStatements(grounding).length > 0 ? `\n\n${scopeStatements(grounding).join('\n\n')}` : ''}`,
      },
      { heading: 'Risk register', body: register },
      ...(assets.length > 0
        ? [{ heading: 'Assets named in the request', body: table(['Asset', 'Kind', 'Risks that concern it'], assets) }]
        : []),
      { heading: 'Heat map', body: heat },
      ...(guidance.length + more.length > 0
        ? [{ heading: 'Guidance applied', body: [...guidance, ...more].map((passage) => `- ${passageLine(passage)}`).join('\n') }]
        : []),
    ],
  };
};
