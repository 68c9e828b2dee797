import { stemmer as porterStemmer } from 'stemmer';

/**
 * The words of a question, as the matcher and the duplicate finder compare them: lower case, no
 * punctuation, no stop words, Porter’s stemmer, and the security vocabulary's synonyms folded to
 * one term (MFA, 2FA and multi-factor authentication are one thing). Pure.
 */

const STOP_WORDS = new Set(
  `a about above all also an and any are as at be been being both but by can could did do does done doing each for from had has
  have having how i if in into is it its itself may me might more most must my no nor not of on once only or other our ours out over
  own please provide same shall she should so some such than that the their them then there these they this those through to too
  under until up us very was we were what when where whether which while who whom why will with would you your yours describe
  explain detail details list state indicate confirm company organisation organization vendor supplier service services yes
  n/a na applicable include includes including used using use ensure ensures e.g i.e etc per within across way ways kind kinds
  one two formal formally program programme programs process processes practice practices procedure procedures documented
  established maintain maintained perform performed performs defined regularly periodically appropriate adequate relevant place
  have conduct conducted carry carried require required requires requirement requirements there often how many much`.split(/\s+/),
);

/** Phrases first (longest first), then single words: each becomes one canonical term. */
const PHRASES: readonly [RegExp, string][] = [
  [/\b(multi[- ]?factor|two[- ]?factor|2[- ]?fa|mfa|2[- ]?step verification|strong authentication)\b/g, ' mfa '],
  [/\b(single sign[- ]?on|sso|saml)\b/g, ' sso '],
  [/\b(penetration test(ing|s)?|pen[- ]?test(ing|s)?|ethical hack(ing)?)\b/g, ' pentest '],
  [/\b(business continuity|bcp)\b/g, ' continuity '],
  [/\b(disaster recovery|drp?)\b/g, ' recovery '],
  [/\b(rto|rpo|recovery time objective|recovery point objective)\b/g, ' recovery objective '],
  [/\b(data loss prevention|dlp|data leakage)\b/g, ' leakage '],
  [/\b(least privilege|need[- ]to[- ]know)\b/g, ' leastprivilege '],
  [/\b(role[- ]based access( control)?|rbac)\b/g, ' access role '],
  [/\b(at rest)\b/g, ' rest '],
  [/\b(in transit|in motion|over the network)\b/g, ' transit '],
  [/\b(tls|ssl|https)\b/g, ' transit encrypt '],
  [/\b(aes|aes-?256)\b/g, ' encrypt '],
  [/\b(siem|security information and event management)\b/g, ' log monitor '],
  [/\b(ids|ips|intrusion detection|intrusion prevention)\b/g, ' intrusion '],
  [/\b(edr|antivirus|anti-virus|anti-malware|antimalware|virus(es)?)\b/g, ' malware '],
  [/\b(sdlc|software development life ?cycle|secure development)\b/g, ' development secure '],
  [/\b(sast|dast|static analysis|dynamic analysis|dependency scanning|sca)\b/g, ' security testing '],
  [/\b(code review(s)?|peer review(s)?|pull request review(s)?)\b/g, ' code review '],
  [/\b(third[- ]part(y|ies)|sub[- ]?processors?|subcontractors?|suppliers?|vendors?)\b/g, ' vendor '],
  [/\b(background check(s)?|background screening|background verification)\b/g, ' background screening '],
  [/\b(nda|non[- ]disclosure agreements?|confidentiality agreements?)\b/g, ' confidentiality agreement '],
  [/\b(offboard(ing)?|termination|leavers?|leave|leaving|departing|terminated)\b/g, ' offboarding '],
  [/\b(onboard(ing)?|new hires?|joiners?)\b/g, ' onboarding '],
  [/\b(phishing)\b/g, ' phishing training '],
  [/\b(privileged|admin(istrator|istrative)? (access|accounts?)|root access)\b/g, ' privileged '],
  [/\b(patch(ing|es)?)\b/g, ' patch '],
  [/\b(firewall(s)?)\b/g, ' firewall network '],
  [/\b(vpn|virtual private network)\b/g, ' remote access '],
  [/\b(byod|mobile device management|mdm|laptops?|workstations?|endpoints?)\b/g, ' endpoint device '],
  [/\b(breach(es)?)\b/g, ' breach incident '],
  [/\b(cctv|badge(s)?|data cent(er|re)s?)\b/g, ' physical '],
  [/\b(gdpr|ccpa|personal data|pii|phi|personal information)\b/g, ' personal privacy '],
  [/\b(hipaa)\b/g, ' hipaa '],
  [/\b(soc ?2|soc ii|service organi[sz]ation control)\b/g, ' soc2 '],
  [/\b(iso ?27001|iso\/iec 27001)\b/g, ' iso27001 '],
  [/\b(retention|retain(ed)?)\b/g, ' retention '],
  [/\b(secrets?|api keys?|credentials?)\b/g, ' secret '],
  [/\b(passwords?|passphrases?)\b/g, ' password '],
  [/\b(employees?|staff|personnel|workforce|team members?|people)\b/g, ' staff '],
  [/\b(complexity|strength)\b/g, ' strength '],
  [/\b(compliant|compliance)\b/g, ' compliance '],
  [/\b(audit logs?|audit trails?|logging)\b/g, ' log '],
];

/** The stem of a word (Porter's algorithm): encrypt, encrypted and encryption meet. */
export function stem(word: string): string {
  return word.length <= 3 ? word : porterStemmer(word);
}

/** The canonical terms of a text, in order (repeats kept: the matcher counts them). */
export function terms(text: string): string[] {
  let folded = ` ${text.toLowerCase().replace(/[’']/g, '')} `;
  for (const [pattern, replacement] of PHRASES) folded = folded.replace(pattern, replacement);
  return folded
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
    .map(stem)
    .filter((word) => !STOP_WORDS.has(word));
}

/** One wording of a question, for duplicates and the approved answers: words only, in order, numbering left out. */
export function questionKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/^\s*[\w.()-]{0,12}\d[\w.()-]*\s+/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .slice(0, 500);
}

const YES_NO_START =
  /^(\W*[\w.()-]{0,10}\d[\w.()-]*\s+)?(do|does|did|is|are|was|were|has|have|had|can|could|will|would|should|shall|may|must)\b/i;
const DESCRIBE_START =
  /^(\W*[\w.()-]{0,10}\d[\w.()-]*\s+)?(describe|explain|provide|list|detail|outline|specify|indicate|summari[sz]e|identify|how|what|which|who|where|when|why)\b/i;

/** A question that asks for a yes or no (Do you…? Is…? Has…?). */
export function asksYesNo(text: string): boolean {
  return YES_NO_START.test(text.trim());
}

/** A cell or paragraph that is a question, not a heading, a note or an instruction line. */
export function looksLikeQuestion(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < 12 || trimmed.length > 2_000) return false;
  const words = trimmed.split(/\s+/).length;
  if (trimmed.endsWith('?')) return words >= 3;
  return (words >= 5 && YES_NO_START.test(trimmed)) || (words >= 3 && DESCRIBE_START.test(trimmed));
}
