/**
 * The control topics a brief's sentences speak about, each tied to the catalogue's common controls
 * (data/catalogue/controls.json): a stated gap or strength about "MFA" is about IAM-05, and the
 * requirements it concerns follow from IAM-05's typed mappings, never from words shared with a title.
 * The cues are the ways clients name the topic; the most specific topic in a clause wins over a
 * broader one it contains ("encryption at rest" over "encryption").
 */

export interface Topic {
  name: string;
  cues: RegExp;
  controls: readonly string[];
}

export const TOPICS: readonly Topic[] = [
  { name: 'multi-factor authentication', cues: /\b(mfa|2fa|multi[- ]?factor|two[- ]factor|second factor|2-step)\b/i, controls: ['IAM-05'] },
  { name: 'single sign-on', cues: /\b(sso|single sign[- ]on|saml|federated (login|identity))\b/i, controls: ['IAM-02', 'IAM-09'] },
  {
    name: 'access reviews',
    cues: /\b(access (reviews?|recertification|certification)|review(s|ed|ing)? (of )?(user |who has )?access|user access reviews?|recertif\w*)\b/i,
    controls: ['IAM-03'],
  },
  {
    name: 'offboarding and access removal',
    cues: /\b(off-?board\w*|leavers?|deprovision\w*|revok\w* access|remov\w* (their |user )?access|terminat\w* (employees|users|accounts)|joiners?,? movers?)\b/i,
    controls: ['IAM-07', 'HRS-06'],
  },
  {
    name: 'privileged access',
    cues: /\b(privileged|admin(istrator|istrative)? (access|accounts?|rights)|root (account|access)|least privilege|shared (admin )?accounts?)\b/i,
    controls: ['IAM-04', 'IAM-08'],
  },
  { name: 'passwords', cues: /\b(passwords?|password manager|passphrases?)\b/i, controls: ['IAM-06'] },
  { name: 'secrets management', cues: /\b(secrets?( management)?|api keys?|hard-?coded credentials|vault)\b/i, controls: ['IAM-11'] },
  {
    name: 'encryption at rest',
    cues: /\b(encrypt\w*[^.;]{0,40}\bat rest|at rest[^.;]{0,20}encrypt\w*|disk encryption|full[- ]disk|filevault|bitlocker)\b/i,
    controls: ['CRY-02'],
  },
  { name: 'encryption in transit', cues: /\b(in transit|tls( ?1\.[0-3])?|https|ssl)\b/i, controls: ['CRY-03'] },
  { name: 'encryption', cues: /\b(encrypt\w*|cryptograph\w*)\b/i, controls: ['CRY-01', 'CRY-02', 'CRY-03'] },
  { name: 'key management', cues: /\b(key management|kms|key rotation|rotat\w* (the )?keys|hsm)\b/i, controls: ['CRY-04'] },
  { name: 'backups and restore testing', cues: /\b(back-?ups?|restores?|restore tests?|restoring)\b/i, controls: ['OPS-04'] },
  {
    name: 'business continuity and disaster recovery',
    cues: /\b(disaster recovery|dr (plan|test)|business continuity|continuity plan|bcp|rto|rpo|failover|recovery (plan|objectives?))\b/i,
    controls: ['BCM-01', 'BCM-02', 'BCM-03'],
  },
  {
    name: 'incident response',
    cues: /\b(incident[- ]response|incident (plan|process|procedure|management|handling|playbooks?|runbooks?)|ir plan|tabletop( exercises?)?|security incidents?)\b/i,
    controls: ['INC-01', 'INC-02', 'INC-04', 'INC-05'],
  },
  {
    name: 'breach notification',
    cues: /\b(breach notification|notify\w* (the )?(regulator|authorit\w*|supervisory|customers|individuals)|72 hours|notification of (a )?breach)\b/i,
    controls: ['INC-07'],
  },
  {
    name: 'logging and monitoring',
    cues: /\b(logging|logs?|siem|monitor\w*|alert\w*|audit trails?|audit logs?)\b/i,
    controls: ['OPS-05', 'OPS-06'],
  },
  {
    name: 'log review',
    cues: /\b(log reviews?|(review\w*|read\w*|look\w* at|check\w*|monitor\w*|go(es)? through) (the |our |any |its )?(\w+ )?logs|logs? (are|is|were|get|gets) (\w+ )?(reviewed|read|checked|looked at|monitored))\b/i,
    controls: ['OPS-06'],
  },
  { name: 'penetration testing', cues: /\b(pen(etration)?[- ]?test\w*|pentest\w*|red team\w*)\b/i, controls: ['VUL-03'] },
  {
    name: 'vulnerability management',
    cues: /\b(vulnerabilit\w*|vuln scan\w*|scann\w* for vulnerabilities|patch\w*|cves?|asv( scans?)?|(external|internal|network|quarterly|approved) (vulnerability )?scans?)\b/i,
    controls: ['VUL-01', 'VUL-02'],
  },
  {
    name: 'change management',
    cues: /\b(change management|change control|code reviews?|pull requests?|peer reviews?|change approvals?|deploy\w* (process|approvals?)|release (process|management)|branch protection)\b/i,
    controls: ['SDL-09', 'SDL-04'],
  },
  {
    name: 'secure development',
    cues: /\b(secure (coding|development|sdlc)|sdlc|sast|dast|dependency scann\w*|threat model\w*)\b/i,
    controls: ['SDL-01', 'SDL-03', 'SDL-05'],
  },
  {
    name: 'vendor management',
    cues: /\b(vendor (management|risk|reviews?|assessments?|inventory|register|due diligence)|third[- ]part(y|ies)( risk| management| vendors?)?|suppliers?|due diligence|sub-?processors?|(assess|review|vet|evaluat|check)\w* (our |new |any |the )?(vendors|suppliers|third parties|providers)|vendor onboarding|(vendors|suppliers|third parties|providers) (are|were|get|have been) (\w+ )?(assessed|reviewed|vetted|evaluated|checked))\b/i,
    controls: ['VEN-01', 'VEN-03', 'VEN-06'],
  },
  {
    name: 'data processing agreements',
    cues: /\b(dpas?|data processing agreements?|processor agreements?|baas?|business associate agreements?)\b/i,
    controls: ['VEN-02', 'PRV-10'],
  },
  {
    name: 'security awareness training',
    cues: /\b(security (awareness )?training|awareness training|phishing (simulations?|tests?|training)|train(ed|ing)? (our |the )?(staff|employees|people))\b/i,
    controls: ['HRS-03'],
  },
  { name: 'background checks', cues: /\b(background (checks?|screening)|pre-employment screening|vetting)\b/i, controls: ['HRS-01'] },
  {
    name: 'risk assessment',
    cues: /\b(risk (assessments?|register|analysis|management|reviews?)|assess\w* (our )?risks?)\b/i,
    controls: ['RSK-02', 'RSK-04'],
  },
  {
    name: 'asset inventory',
    cues: /\b(asset (inventory|register|management)|inventory of (assets|systems|devices)|system inventory|cmdb)\b/i,
    controls: ['AST-01', 'AST-02'],
  },
  { name: 'data classification', cues: /\b(data classification|classif\w* (data|information)|labell?ing)\b/i, controls: ['AST-04'] },
  {
    name: 'security policies',
    cues: /\b((information )?security polic(y|ies)|written polic(y|ies)|policy set|polic(y|ies) (are|is) (written|approved|documented))\b/i,
    controls: ['GOV-01', 'GOV-02'],
  },
  {
    name: 'endpoint security',
    cues: /\b(mdm|device management|laptops?|endpoints?|antivirus|anti-malware|edr|jamf|intune|kandji)\b/i,
    controls: ['CFG-04', 'OPS-03'],
  },
  {
    name: 'network security',
    cues: /\b(firewalls?|network segmentation|segment\w* (the )?network|vpn|security groups?)\b/i,
    controls: ['NET-01', 'NET-02', 'NET-03'],
  },
  {
    name: 'physical security',
    cues: /\b(badge access|physical (security|access)|office access|visitor (log|management)|cctv)\b/i,
    controls: ['PHY-01', 'PHY-02'],
  },
  {
    name: 'records of processing',
    cues: /\b(ropa|records? of processing( activities)?|processing register|data map(ping)?|data inventory)\b/i,
    controls: ['PRV-02'],
  },
  {
    name: 'data protection impact assessments',
    cues: /\b(dpias?|data protection impact assessments?|privacy impact assessments?|pias?)\b/i,
    controls: ['PRV-07'],
  },
  {
    name: 'data subject requests',
    cues: /\b(dsars?|data subject (access )?requests?|subject access requests?|right to (erasure|access|be forgotten|delete)|deletion requests?|consumer requests?)\b/i,
    controls: ['PRV-04'],
  },
  {
    name: 'data retention',
    cues: /\b(retention( schedule| policy| periods?)?|retain\w*|data deletion|delete\w* (data )?after)\b/i,
    controls: ['PRV-06'],
  },
  { name: 'privacy notice', cues: /\b(privacy (notice|policy)|notice at collection)\b/i, controls: ['PRV-01'] },
  {
    name: 'opt-out of sale and sharing',
    cues: /\b(do not sell|don['’]t sell|(sale|selling) (and|or|\/) shar\w*|opt[- ]outs? (of|from) (the )?(sale|sharing|selling)|opt[- ]out (link|request|signals?)|global privacy control|gpc)\b/i,
    controls: ['PRV-12'],
  },
  { name: 'consent', cues: /\b(consent|cookie banner|opt-?in)\b/i, controls: ['PRV-03'] },
  {
    name: 'international transfers',
    cues: /\b(international (data )?transfers?|transfer impact|sccs?|standard contractual clauses|data transfers? (to|outside))\b/i,
    controls: ['PRV-09'],
  },
  { name: 'data protection officer', cues: /\b(dpo|data protection officer|privacy officer)\b/i, controls: ['PRV-11'] },
  { name: 'internal audit', cues: /\binternal audits?\b/i, controls: ['GOV-09'] },
  { name: 'management review', cues: /\bmanagement reviews?\b/i, controls: ['GOV-10'] },
  {
    name: 'security roles',
    cues: /\b(ciso|security officer|security (lead|owner)|security roles?|roles and responsibilities)\b/i,
    controls: ['GOV-03'],
  },
  {
    name: 'cardholder data environment',
    cues: /\b(cde|cardholder data environment|card data flows?|pan storage|card numbers?)\b/i,
    controls: ['PAY-01'],
  },
  {
    name: 'AI governance',
    cues: /\b(ai (systems?|models?|inventory|register|policy|governance)|model (inventory|risk|cards?))\b/i,
    controls: ['AIM-01', 'AIM-02', 'AIM-04'],
  },
  {
    name: 'AI impact assessment',
    cues: /\b((ai|algorithmic|ai system|model) impact assessments?|fundamental rights impact)\b/i,
    controls: ['AIM-03'],
  },
  {
    name: 'AI data quality',
    cues: /\b(data quality|(training|test|validation) data (quality|checks?|provenance|lineage)|data provenance|bias (testing|checks?|audits?))\b/i,
    controls: ['AIM-05'],
  },
  {
    name: 'AI verification and validation',
    cues: /\b(verification and validation|model (validation|testing|evaluation)|validat\w* (of )?(the |our )?(ai|models?)|(ai|model) (tests?|evals?))\b/i,
    controls: ['AIM-06'],
  },
  {
    name: 'AI human oversight',
    cues: /\b(human (oversight|in the loop|review of (ai|model)\w*)|human-in-the-loop)\b/i,
    controls: ['AIM-08'],
  },
  {
    name: 'configuration hardening',
    cues: /\b(hardening|secure configuration|configuration baselines?|cis benchmarks?)\b/i,
    controls: ['CFG-01', 'CFG-03'],
  },
  { name: 'code of conduct', cues: /\b(code of conduct|ethics policy|whistleblow\w*)\b/i, controls: ['GOV-13', 'COM-03'] },
];

/** Broader topics a more specific one (in the same clause) makes redundant. */
const BROADER: Record<string, string> = {
  'encryption at rest': 'encryption',
  'encryption in transit': 'encryption',
  'key management': 'encryption',
  'data processing agreements': 'vendor management',
  'breach notification': 'incident response',
  'penetration testing': 'vulnerability management',
  'AI impact assessment': 'AI governance',
  'AI data quality': 'AI governance',
  'AI verification and validation': 'AI governance',
  'AI human oversight': 'AI governance',
};

/** The topics a clause speaks about, in the order the catalogue lists them, the broader ones dropped. */
export function topicsIn(clause: string): Topic[] {
  const found = TOPICS.filter((topic) => topic.cues.test(clause));
  const names = new Set(found.map((topic) => topic.name));
  return found.filter((topic) => !Object.entries(BROADER).some(([specific, broader]) => broader === topic.name && names.has(specific)));
}
