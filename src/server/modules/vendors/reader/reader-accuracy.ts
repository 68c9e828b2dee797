import type { VendorDocumentReading } from '../../../../shared/schemas/vendor-document-extraction.ts';
import type { CorpusDocument } from './corpus/corpus-types.ts';

/**
 * How well the reader did on the corpus: fields right with the right page, exceptions, CUECs and
 * subservice organizations found (same criterion or similar text, same page), what it invented, and
 * the statuses of the files it must refuse. Used by the accuracy test and by `npm run eval`.
 */

export interface Tally {
  right: number;
  total: number;
  /** Found by the reader but in no truth: invented. */
  invented: number;
  misses: string[];
}

export interface ReaderAccuracy {
  fields: Tally;
  exceptions: Tally;
  cuecs: Tally;
  subservice: Tally;
  kinds: Tally;
  statuses: Tally;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);

/** Share of the truth's words the found text has (1 = all of them). */
export function overlap(truth: string, found: string): number {
  const expected = words(truth);
  const got = words(found);
  if (expected.size === 0) return 0;
  return [...expected].filter((word) => got.has(word)).length / expected.size;
}

const sameName = (a: string, b: string) => a.toLowerCase().replaceAll(/[^a-z0-9]/g, '') === b.toLowerCase().replaceAll(/[^a-z0-9]/g, '');

function tally(): Tally {
  return { right: 0, total: 0, invented: 0, misses: [] };
}

/** Matches each truth item to one unused found item; counts the rest of the found items as invented. */
function matchAll<T, F>(
  into: Tally,
  name: string,
  truth: T[],
  found: F[],
  isMatch: (truth: T, found: F) => boolean,
  label: (truth: T) => string,
) {
  const used = new Set<number>();
  for (const item of truth) {
    into.total += 1;
    const index = found.findIndex((candidate, at) => !used.has(at) && isMatch(item, candidate));
    if (index === -1) into.misses.push(`${name}: ${label(item)}`);
    else {
      used.add(index);
      into.right += 1;
    }
  }
  into.invented += found.length - used.size;
}

export function scoreReadings(corpus: CorpusDocument[], readings: VendorDocumentReading[]): ReaderAccuracy {
  const accuracy: ReaderAccuracy = {
    fields: tally(),
    exceptions: tally(),
    cuecs: tally(),
    subservice: tally(),
    kinds: tally(),
    statuses: tally(),
  };
  corpus.forEach((document, index) => {
    const reading = readings[index];
    if (!reading) return;
    const { truth, name } = document;
    accuracy.statuses.total += 1;
    if (truth.status !== reading.status) {
      accuracy.statuses.misses.push(`${name}: status ${reading.status}, expected ${truth.status}`);
      return;
    }
    accuracy.statuses.right += 1;
    if (truth.status !== 'read' || reading.status !== 'read') return;
    matchAll(
      accuracy.kinds,
      name,
      [truth.kind],
      [reading.kind],
      (a, b) => a === b,
      (kind) => `kind ${kind}, read ${reading.kind}`,
    );
    matchAll(
      accuracy.fields,
      name,
      truth.fields,
      reading.fields,
      (a, b) =>
        a.key === b.key &&
        a.page === b.page &&
        (a.key === 'serviceAuditor' || a.key === 'issuer' ? sameName(a.value, b.value) : a.value === b.value),
      (field) =>
        `${field.key}=${field.value} p${field.page}, read ${JSON.stringify(reading.fields.filter((other) => other.key === field.key).map((other) => `${other.value} p${other.page}`))}`,
    );
    matchAll(
      accuracy.exceptions,
      name,
      truth.exceptions,
      reading.exceptions,
      (a, b) => a.criterion === b.criterion && a.page === b.page && overlap(a.description, b.description) >= 0.8,
      (exception) => `exception ${exception.criterion} p${exception.page}`,
    );
    matchAll(
      accuracy.cuecs,
      name,
      truth.cuecs,
      reading.cuecs,
      (a, b) => a.page === b.page && overlap(a.text, b.text) >= 0.8 && a.criteria.every((criterion) => b.criteria.includes(criterion)),
      (cuec) => `CUEC "${cuec.text.slice(0, 40)}…" p${cuec.page}`,
    );
    matchAll(
      accuracy.subservice,
      name,
      truth.subserviceOrganizations,
      reading.subserviceOrganizations,
      (a, b) => sameName(a.name, b.name) && a.method === b.method && a.page === b.page,
      (organization) => `subservice ${organization.name} (${organization.method}) p${organization.page}`,
    );
  });
  return accuracy;
}

export const share = (item: Tally) => (item.total === 0 ? 1 : item.right / item.total);
