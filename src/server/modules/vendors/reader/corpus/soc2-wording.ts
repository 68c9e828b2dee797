import type { TrustServicesCategory } from '../../../../../shared/schemas/vendor-document-extraction.ts';
import { formatDate } from './corpus-dates.ts';
import type { Soc2Spec } from './corpus-types.ts';

/** Stock wording of a SOC 2 report, in a few variants per report. */

const CATEGORY_NAMES: Record<TrustServicesCategory, string> = {
  security: 'Security',
  availability: 'Availability',
  processing_integrity: 'Processing Integrity',
  confidentiality: 'Confidentiality',
  privacy: 'Privacy',
};

export function categoryList(spec: Soc2Spec, lower = false): string {
  const names = spec.categories.map((category) => (lower ? CATEGORY_NAMES[category].toLowerCase() : CATEGORY_NAMES[category]));
  if (names.length === 1) return names[0] ?? '';
  const last = names.at(-1) ?? '';
  const joiner = spec.layout.wording === 1 ? ', and ' : ' and ';
  return `${names.slice(0, -1).join(', ')}${joiner}${last}`;
}

export function dateOf(spec: Soc2Spec, iso: string): string {
  return formatDate(iso, spec.layout.dates);
}

export function periodPhrase(spec: Soc2Spec): string {
  const start = dateOf(spec, spec.period.start);
  const end = dateOf(spec, spec.period.end);
  if (spec.type === 'type1') return `as of ${end}`;
  const joiner = ['to', 'through', 'and ending'][spec.layout.wording % 3];
  return spec.layout.wording === 2
    ? `for the period beginning ${start} ${joiner} ${end}`
    : `throughout the period ${start} ${joiner} ${end}`;
}

export function typeLabel(spec: Soc2Spec): string {
  const roman = spec.type === 'type1' ? 'I' : 'II';
  const arabic = spec.type === 'type1' ? '1' : '2';
  return spec.layout.wording === 1 ? `SOC 2® Type ${arabic} Report` : `SOC 2 Type ${roman} Report`;
}

export function auditorHeading(spec: Soc2Spec): string {
  return [
    `Section I: Independent Service Auditor's Report`,
    `Report of the Independent Service Auditor`,
    `1. Independent Service Auditor's Report`,
  ][spec.layout.wording % 3] as string;
}

export function scopeParagraph(spec: Soc2Spec): string {
  const effectiveness = spec.type === 'type2' ? ' and operating effectiveness' : '';
  return `We have examined ${spec.organization}'s accompanying description of its ${spec.system} titled "${spec.organization}'s Description of Its ${spec.system}" ${periodPhrase(spec)} (description) based on the criteria for a description of a service organization's system in DC section 200, and the suitability of the design${effectiveness} of controls stated in the description ${periodPhrase(spec)}, to provide reasonable assurance that ${spec.organization}'s service commitments and system requirements were achieved based on the trust services criteria relevant to ${categoryList(spec, true)} (applicable trust services criteria) set forth in TSP section 100, 2017 Trust Services Criteria.`;
}

export function subserviceParagraph(spec: Soc2Spec): string {
  const carved = spec.subservice.every((item) => item.method === 'carved_out');
  const names = spec.layout.wording === 0 ? 'subservice organizations' : spec.subservice.map((item) => item.name).join(' and ');
  return carved
    ? `${spec.organization} uses ${names} to provide hosting and other services. The description indicates that complementary subservice organization controls are necessary. The description presents ${spec.organization}'s controls and excludes the related controls of the subservice organizations.`
    : `${spec.organization} uses ${names} to provide supporting services. The description includes the controls of some subservice organizations where stated in Section III.`;
}

export function opinionParagraphs(spec: Soc2Spec): { heading: string; basis: string | null; text: string } {
  const tested = spec.type === 'type2' ? ' and the controls stated in the description operated effectively' : '';
  const when = periodPhrase(spec);
  const firstException = spec.exceptions[0];
  const basis = firstException
    ? `As indicated in Section IV, the controls related to criterion ${firstException.criterion} were not operating effectively ${when}. As a result, the applicable criterion was not achieved.`
    : null;
  switch (spec.opinion) {
    case 'unqualified': {
      return {
        heading: 'Opinion',
        basis: null,
        text: `In our opinion, in all material respects, the description presents ${spec.organization}'s system that was designed and implemented ${when} in accordance with the description criteria, and the controls stated in the description were suitably designed${tested} to provide reasonable assurance that the service commitments and system requirements would be achieved.`,
      };
    }
    case 'qualified': {
      return {
        heading: 'Qualified Opinion',
        basis,
        text: `In our opinion, except for the effects of the matter giving rise to the modification, in all material respects, the description presents the system ${when}, and the controls were suitably designed${tested}.`,
      };
    }
    case 'adverse': {
      return {
        heading: 'Adverse Opinion',
        basis,
        text: `In our opinion, because of the significance of the matters described in the basis for adverse opinion paragraph, the description does not present fairly the system that was designed and implemented ${when}, and the controls stated in the description were not suitably designed${tested ? ' or did not operate effectively' : ''}.`,
      };
    }
    case 'disclaimer': {
      return {
        heading: 'Disclaimer of Opinion',
        basis: `We were not able to obtain sufficient appropriate evidence about the operation of controls ${when}.`,
        text: `Because of the significance of the matter described in the basis for disclaimer of opinion paragraph, we do not express an opinion on the description or on the suitability of the design${tested ? ' or operating effectiveness' : ''} of the controls.`,
      };
    }
  }
}
