import type { BriefFigure, BriefLocation, BriefPeriod, BriefThing, BriefThingKind } from '../../../../shared/schemas/brief-facts.ts';
import { detectFrameworks } from '../../advisor/advisor-frameworks.ts';
import { loadCompromise } from './brief-nlp.ts';
import { PRODUCTS } from './brief-products.ts';

/**
 * The named things of a brief: systems, vendors and tools (a lexicon of the products clients name
 * most, and proper-noun phrases compromise finds after "we use", "hosted on", "vendor" …), the
 * vendor a request is about, figures, periods, kinds of data, locations and the people count.
 */

/** Words that start a proper-noun phrase without being a name. */
const NOT_A_NAME =
  /^(we|our|the|a|an|this|that|it|they|i|you|please|all|each|every|no|none|yes|data|personal|customer|customers|employees?|staff|soc|iso|gdpr|hipaa|pci|nist|ccpa|cpra|annex|article|art|clause|requirement|req|type|q[1-4]|mfa|sso|api|eu|us|uk|cto|ceo|ciso|dpo|it|hr|ai|ml|llm|qsa|asv|aoc|saq|dpa|baa|msp|tpsp|saas|cloud|vendor|vendors|supplier|security|policy|review|assessment|monday|tuesday|wednesday|thursday|friday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/** Capitalised words that follow a product's name without being part of it. */
const NOT_PART_OF_A_NAME =
  /^(?:SSO|MFA|API|SOC|ISO|GDPR|HIPAA|PCI|NIST|CCPA|CPRA|DPA|BAA|AOC|SAQ|Review|Assessment|Risk|Risks|Register|Policy|Evidence|Checklist|Questionnaire|Vendor|Security|Gap|Gaps|Access|Data|And|Or|For|With|To|In|On|Of|The|Is|Are|We|Our|Type|Article|Art|Clause|Requirement|Req|Annex)$/;

/** A name-like token: capitalised or a digit first ("1Password", "Checkout.com"). */
const TOKEN = String.raw`[A-Z0-9][\w&'-]*(?:\.[\w&'-]+)*`;

/** Cues after which a capitalised phrase names a system, vendor or tool. */
const NAME_CUE = new RegExp(
  String.raw`\b(?:we use|we're using|we are using|using|uses|use|hosted (?:on|in|with|by)|runs? on|built on|powered by|managed (?:in|by|through)|provided by|via|through|vendor|supplier|processor|provider|platform|tool|called|named|onboard(?:ing)?|switch(?:ing)? to|migrat(?:e|ing) to|review of|assessment of|due diligence (?:on|of|for)|(?:[Vv]endor|[Ss]upplier|[Pp]rocessor|[Pp]rovider|[Tt]ool|[Ss]ystem|[Pp]roduct|[Pp]latform|[Aa]pplication)s?\s*:),?\s+(${TOKEN}(?:\s+${TOKEN}){0,3})`,
  'g',
);

/** A product named in brackets after what it does: "Billing (Chargebee)", "laptops (Intune)". */
const BRACKETED = new RegExp(String.raw`[a-z]\s+\((${TOKEN}(?:\s+${TOKEN}){0,2})\)`, 'g');

const VENDOR_CUE = /vendor|supplier|processor|provider|onboard|review of|assessment of|due diligence/;

function tidyName(name: string): string {
  return name
    .replace(/[.,;:'’?!]+$/, '')
    .replace(/\s+(?:for|and|to|with|in|on|as|is|are|was)$/i, '')
    .trim();
}

function isName(name: string): boolean {
  const first = name.split(/\s+/)[0] ?? '';
  return (
    name.length >= 2 &&
    !NOT_A_NAME.test(first) &&
    detectFrameworks(name).length === 0 &&
    /[A-Za-z]{2}/.test(name) &&
    // An acronym alone (AOC, QSA, EU) or a reference ("RC.RP") is not a product's name.
    !/^[A-Z]{2,4}s?$/.test(name) &&
    !/^[A-Z]{2}\.[A-Z]{2}/.test(name) &&
    !/[-?]$/.test(name)
  );
}

/** The name as the client wrote it ("GCP", "Salesforce Marketing Cloud"), else the lexicon's spelling. */
function asWritten(text: string, index: number, matched: string, canonical: string): string {
  let name = /[A-Z]/.test(matched) ? matched.replaceAll(/\s+/g, ' ') : canonical;
  // A product line that continues the name: "Salesforce Marketing Cloud", "Atlassian Cloud", "GitHub Copilot".
  const rest = text.slice(index + matched.length);
  const next = new RegExp(String.raw`^ (${TOKEN})`);
  let offset = 0;
  for (let count = 0; count < 3; count++) {
    const word = next.exec(rest.slice(offset))?.[1];
    if (!word || NOT_PART_OF_A_NAME.test(word) || /^[A-Z]{2,4}$/.test(word) || /^\d/.test(word) || detectFrameworks(word).length > 0) break;
    name = `${name} ${word}`;
    offset += word.length + 1;
  }
  return tidyName(name);
}

export async function thingsIn(text: string, source: string): Promise<BriefThing[]> {
  const { default: nlp } = await loadCompromise();
  const found: (BriefThing & { at: number })[] = [];
  const add = (name: string, kind: BriefThingKind, at: number) => {
    const key = name.toLowerCase();
    const same = found.find(
      (thing) =>
        thing.name.toLowerCase() === key ||
        thing.name.toLowerCase().startsWith(`${key} `) ||
        key.startsWith(`${thing.name.toLowerCase()} `),
    );
    if (!same) {
      found.push({ name, kind, source, at });
      return;
    }
    // The longer spelling names the product line; the earlier position orders the brief's things.
    if (key.length > same.name.length && key.startsWith(same.name.toLowerCase())) same.name = name;
    same.at = Math.min(same.at, at);
  };
  const lexicon = (name: string) => PRODUCTS.find(([pattern]) => pattern.test(name));
  for (const [pattern, canonical, kind] of PRODUCTS) {
    const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(text);
    if (match) add(asWritten(text, match.index, match[0], canonical), kind, match.index);
  }
  for (const match of text.matchAll(NAME_CUE)) {
    const name = tidyName(match[1] ?? '');
    const cue = match[0].slice(0, match[0].length - (match[1]?.length ?? 0)).toLowerCase();
    const vendorCue = VENDOR_CUE.test(cue);
    const known = lexicon(name);
    if (known) {
      // "Vendor: Stripe": the request says which product is the vendor.
      const thing = found.find((entry) => known[0].test(entry.name));
      if (thing && vendorCue) thing.kind = 'vendor';
      continue;
    }
    if (!isName(name)) continue;
    add(name, vendorCue ? 'vendor' : 'system', match.index + match[0].length - (match[1]?.length ?? 0));
  }
  for (const match of text.matchAll(BRACKETED)) {
    const name = tidyName(match[1] ?? '');
    if (!lexicon(name) && isName(name)) add(name, 'system', match.index);
  }
  // Organisations compromise recognises ("Acme Corp", "Initech Inc.") are vendors or systems of the client.
  for (const organization of nlp(text).organizations().out('array') as string[]) {
    const name = tidyName(organization);
    if (isName(name) && !lexicon(name)) add(name, 'vendor', Math.max(0, text.indexOf(name)));
  }
  return found.sort((a, b) => a.at - b.at).map(({ name, kind, source: from }) => ({ name, kind, source: from }));
}

const NAME = String.raw`((?:[A-Z0-9][\w&'-]*(?:\.[\w&'-]+)*)(?:\s+(?:[A-Z0-9][\w&'-]*(?:\.[\w&'-]+)*)){0,3})`;

/** How a request names the vendor it is about, in its title or its first lines. */
const VENDOR_PATTERNS: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:[Rr]eview|[Aa]ssessment|[Dd]ue diligence|[Ee]valuation|[Oo]nboarding|[Qq]uestionnaire)\s+(?:of|for|on)\s+(?:our\s+|the\s+|a\s+|new\s+)*(?:vendor\s+|supplier\s+|provider\s+)?${NAME}`,
  ),
  new RegExp(
    String.raw`^(?:vendor|supplier|third[- ]party|business associate)(?:\s+(?:security|risk))?\s+(?:review|assessment)\s*[:–—-]\s*${NAME}`,
    'i',
  ),
  new RegExp(String.raw`\b${NAME}\s+(?:vendor|supplier|third[- ]party)\s+(?:security\s+|risk\s+)?(?:review|assessment)\b`),
  // "Review Gusto", "Assess Acme Payroll", "Vet Initech before we sign".
  new RegExp(String.raw`^(?:[Rr]eview|[Aa]ssess|[Ee]valuate|[Vv]et|[Cc]heck|[Aa]udit)\s+(?:the\s+vendor\s+)?${NAME}`),
  // "Is Atlassian Cloud OK for…", "Can we use Intercom…", "Should we sign with Acme?"
  new RegExp(
    String.raw`^(?:[Ii]s|[Aa]re|[Cc]an we (?:use|trust|onboard|sign with)|[Ss]hould we (?:use|trust|onboard|sign with|buy|pick)|[Mm]ay we use)\s+${NAME}\s+(?:OK|ok|okay|safe|secure|fine|good|acceptable|compliant|enough|for|a|an|as|to|\?)`,
  ),
  // "Segment as a service provider", "Twilio as our business associate".
  new RegExp(
    String.raw`^${NAME}\s+as\s+(?:a|an|our)\s+(?:service provider|processor|sub-?processor|vendor|supplier|business associate|contractor)`,
  ),
  // "Vendor: Stripe" on a line of its own.
  new RegExp(String.raw`(?:^|\n)\s*(?:[Vv]endor|[Ss]upplier|[Pp]rovider|[Pp]rocessor)\s*(?:name)?\s*:\s*${NAME}`),
];

function vendorFrom(text: string): string | null {
  for (const pattern of VENDOR_PATTERNS) {
    const name = tidyName(pattern.exec(text)?.[1] ?? '')
      .replace(/\s+(?:SOC|ISO|GDPR|HIPAA|PCI|NIST|CCPA|OK|Ok)\b.*$/, '')
      .trim();
    if (name && isName(name) && !/^(vendor|supplier|security|review)$/i.test(name)) return name;
  }
  return null;
}

/**
 * The vendor a request is about: named in the title ("Vendor review: Acme Payroll", "Review Gusto",
 * "Is Atlassian Cloud OK…", "Segment as a service provider"), else in the brief ("Vendor: Stripe",
 * "review of Mistral AI"), else the first vendor the request names.
 */
export function vendorIn(title: string, things: readonly BriefThing[], brief = ''): string | null {
  const named = vendorFrom(title) ?? (brief ? vendorFrom(brief) : null);
  if (named) {
    // The lexicon's or the brief's longer spelling of the same product ("Atlassian" → "Atlassian Cloud").
    const longer = things.find((thing) => thing.name.toLowerCase().startsWith(named.toLowerCase()));
    return longer && longer.name.split(/\s+/).length <= named.split(/\s+/).length + 1 ? longer.name : named;
  }
  const fromTitle = things.find((thing) => thing.source === 'title' && thing.kind !== 'identity_provider');
  return fromTitle?.name ?? things.find((thing) => thing.kind === 'vendor')?.name ?? null;
}

const UNIT = String.raw`(%|percent|per cent|employees|people|person|staff|FTEs?|engineers|developers|contractors|users|customers|clients|patients|records|servers|vendors|suppliers|subprocessors|laptops|devices|endpoints|applications|apps|systems|offices|locations|transactions|hours|days|weeks|months|years|million|m|k|bn|billion|TB|GB)`;
const FIGURE = new RegExp(String.raw`(?:(?:€|\$|£|EUR|USD|GBP)\s?)?\b(\d{1,3}(?:[,.]\d{3})+|\d+(?:\.\d+)?)[\s-]?${UNIT}(?![\w])`, 'gi');

export function figuresIn(text: string, source: string): BriefFigure[] {
  const found: BriefFigure[] = [];
  for (const match of text.matchAll(FIGURE)) {
    const raw = match[1] ?? '';
    const value = Number(/^\d{1,3}(?:[,.]\d{3})+$/.test(raw) ? raw.replaceAll(/[,.]/g, '') : raw);
    if (!Number.isFinite(value)) continue;
    const phrase = match[0].trim();
    if (!found.some((figure) => figure.text === phrase))
      found.push({ text: phrase, value, unit: (match[2] ?? '').toLowerCase() || null, source });
  }
  return found;
}

const PERIOD = new RegExp(
  [
    String.raw`\b(?:within|every|per|over|for|in|after|before|since|last|next|past)\s+(?:the\s+)?(?:next\s+|last\s+|past\s+)?\d+\s*(?:-\s*)?(?:hours?|days?|weeks?|months?|years?|business days)\b`,
    String.raw`\b\d+[- ](?:hour|day|week|month|year)\b(?:\s+(?:window|period|observation period|audit period|plan|review))?`,
    String.raw`\b(?:quarterly|annually|yearly|monthly|weekly|daily|biannually|twice a year|once a year|every quarter|each quarter)\b`,
    String.raw`\b(?:by|before|until|in|from|since|starting|ending)\s+(?:the\s+end\s+of\s+)?(?:Q[1-4]\s+)?(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+)?20\d{2}\b`,
    String.raw`\bQ[1-4]\s+20\d{2}\b`,
    String.raw`\bType\s+(?:I|II|1|2)\s+(?:window|period|audit|report)\b`,
  ].join('|'),
  'gi',
);

export function periodsIn(text: string, source: string): BriefPeriod[] {
  const found: BriefPeriod[] = [];
  for (const match of text.matchAll(PERIOD)) {
    const phrase = match[0].trim();
    if (!found.some((period) => period.text.toLowerCase() === phrase.toLowerCase())) found.push({ text: phrase, source });
  }
  return found;
}

const DATA_TYPES: readonly [RegExp, string][] = [
  [/\b(health|patient|phi|ephi|medical|clinical|diagnos\w*)\b/i, 'health information'],
  [/\b(payment card|card ?holder|credit card|card numbers?|pan|card data)\b/i, 'payment card data'],
  [
    /\b(personal (data|information)|pii|customer data|employee data|user data|names and (e-?mail|addresses)|e-?mail addresses|contact details)\b/i,
    'personal data',
  ],
  [/\b(financial (data|records|information)|bank (account|details)|banking|payroll|salar(y|ies)|invoices?)\b/i, 'financial records'],
  [/\b(special categor\w*|biometric\w*|children|minors?|genetic|religio\w*|ethnic\w*|trade union)\b/i, 'special-category data'],
  [/\b(source code|intellectual property|trade secrets?)\b/i, 'source code and intellectual property'],
  [/\b(credentials|passwords|secrets|api keys)\b/i, 'credentials'],
];

export function dataTypesIn(text: string): string[] {
  return DATA_TYPES.filter(([pattern]) => pattern.test(text)).map(([, label]) => label);
}

const REGIONS =
  /\b(EU|EEA|European Union|UK|United Kingdom|US|USA|United States|California|Canada|Switzerland|Germany|France|Ireland|Netherlands|Spain|Portugal|Italy|Poland|Sweden|Denmark|Norway|Finland|Austria|Belgium|India|Australia|Singapore|Japan|Brazil|Mexico|Israel|(?:us|eu|ap|ca|sa|me|af)-(?:east|west|central|north|south|northeast|southeast|northwest|southwest)-\d|europe-west\d|us-central\d)\b/g;

export async function locationsIn(text: string, source: string): Promise<BriefLocation[]> {
  const { default: nlp } = await loadCompromise();
  const names = [...(text.match(REGIONS) ?? []), ...(nlp(text).places().out('array') as string[]).map(tidyName)];
  const found: BriefLocation[] = [];
  for (const name of names) {
    if (name && !found.some((location) => location.name.toLowerCase() === name.toLowerCase())) found.push({ name, source });
  }
  return found;
}

const PEOPLE =
  /\b(?:(?:team|company|organi[sz]ation|staff|headcount)\s+of\s+(?:about\s+|around\s+|roughly\s+|~)?(\d[\d,]*)|(?:about\s+|around\s+|roughly\s+|~|some\s+)?(\d[\d,]*)[- ]?(?:\+\s*)?(?:full[- ]time\s+)?(?:employees|people|staff|FTEs?|person\b|headcount))/i;

export function peopleCountIn(text: string): number | null {
  const match = PEOPLE.exec(text);
  const raw = match?.[1] ?? match?.[2];
  return raw ? Number(raw.replaceAll(',', '')) : null;
}
