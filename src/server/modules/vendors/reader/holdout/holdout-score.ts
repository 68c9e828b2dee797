import type { VendorDocumentReading } from '../../../../../shared/schemas/vendor-document-extraction.ts';
import type { HoldoutDocument } from './holdout-pdf.ts';

/**
 * Scores the reader against the held-out truth: a field is right when its value matches and its
 * page is one of the pages that state it; an exception is found when its criterion and page match;
 * a CUEC when its text and page match. Anything the reader reports that matches no truth is invented.
 */

export interface HoldoutScore {
  fields: { right: number; total: number };
  exceptions: { found: number; total: number };
  cuecs: { found: number; total: number };
  subservice: { found: number; total: number };
  invented: number;
  misses: string[];
}

const FREE_TEXT = new Set(['serviceAuditor', 'scope', 'issuer', 'certificateNumber', 'standard']);

export function norm(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function sameValue(key: string, truth: string, read: string): boolean {
  if (!FREE_TEXT.has(key)) return truth === read;
  const a = norm(truth);
  const b = norm(read);
  if (a === b) return true;
  // A free-text value may lose a trailing full stop or a legal suffix, not its substance.
  return b.length >= Math.min(a.length, 12) && (a.startsWith(b) || b.startsWith(a)) && b.length >= a.length * 0.8;
}

function sameCuec(truth: string, read: string): boolean {
  const a = norm(truth);
  const b = norm(read);
  return b.includes(a.slice(0, 60)) || (b.length >= 40 && a.includes(b.slice(0, 60)));
}

export function scoreDocument(doc: HoldoutDocument, reading: VendorDocumentReading): HoldoutScore {
  const t = doc.truth;
  const score: HoldoutScore = {
    fields: { right: 0, total: t.fields.length },
    exceptions: { found: 0, total: t.exceptions.length },
    cuecs: { found: 0, total: t.cuecs.length },
    subservice: { found: 0, total: t.subserviceOrganizations.length },
    invented: 0,
    misses: [],
  };
  if (reading.status !== 'read') {
    score.misses.push(`${doc.name}: status ${reading.status}`);
    return score;
  }
  if (reading.kind !== t.kind) score.misses.push(`${doc.name}: kind ${reading.kind}`);
  for (const f of t.fields) {
    const got = reading.fields.find((r) => r.key === f.key);
    if (got && sameValue(f.key, f.value, got.value) && f.pages.includes(got.page)) score.fields.right += 1;
    else
      score.misses.push(`${doc.name}: ${f.key} want ${f.value}@${f.pages.join('|')} got ${got ? `${got.value}@${got.page}` : 'nothing'}`);
  }
  score.invented += reading.fields.filter((r) => !t.fields.some((f) => f.key === r.key)).length;
  for (const r of reading.fields.filter((r) => !t.fields.some((f) => f.key === r.key)))
    score.misses.push(`${doc.name}: invented field ${r.key}=${r.value}@${r.page}`);
  const unusedEx = [...reading.exceptions];
  for (const e of t.exceptions) {
    const i = unusedEx.findIndex((r) => r.criterion === e.criterion && r.page === e.page);
    if (i >= 0) {
      score.exceptions.found += 1;
      unusedEx.splice(i, 1);
    } else score.misses.push(`${doc.name}: exception ${e.criterion}@${e.page} not found`);
  }
  score.invented += unusedEx.length;
  for (const r of unusedEx) score.misses.push(`${doc.name}: invented exception ${r.criterion}@${r.page} ${r.description.slice(0, 60)}`);
  const unusedCuec = [...reading.cuecs];
  for (const c of t.cuecs) {
    const i = unusedCuec.findIndex((r) => sameCuec(c.text, r.text) && r.page === c.page);
    if (i >= 0) {
      score.cuecs.found += 1;
      unusedCuec.splice(i, 1);
    } else score.misses.push(`${doc.name}: CUEC@${c.page} not found: ${c.text.slice(0, 50)}`);
  }
  score.invented += unusedCuec.length;
  for (const r of unusedCuec) score.misses.push(`${doc.name}: invented CUEC@${r.page} ${r.text.slice(0, 60)}`);
  const unusedSub = [...reading.subserviceOrganizations];
  for (const s of t.subserviceOrganizations) {
    const i = unusedSub.findIndex(
      (r) =>
        [s.name, ...s.aliases].some((n) => norm(r.name).includes(norm(n).replace(/(inc|llc|ltd)$/, ''))) &&
        r.method === s.method &&
        r.page === s.page,
    );
    if (i >= 0) {
      score.subservice.found += 1;
      unusedSub.splice(i, 1);
    } else score.misses.push(`${doc.name}: subservice ${s.name} ${s.method}@${s.page} not found`);
  }
  score.invented += unusedSub.length;
  for (const r of unusedSub) score.misses.push(`${doc.name}: invented subservice ${r.name} ${r.method}@${r.page}`);
  return score;
}

export function addScores(scores: HoldoutScore[]): HoldoutScore {
  const sum = (pick: (s: HoldoutScore) => { a: number; b: number }): [number, number] =>
    scores.reduce<[number, number]>((acc, s) => [acc[0] + pick(s).a, acc[1] + pick(s).b], [0, 0]);
  const [fr, ft] = sum((s) => ({ a: s.fields.right, b: s.fields.total }));
  const [ef, et] = sum((s) => ({ a: s.exceptions.found, b: s.exceptions.total }));
  const [cf, ct] = sum((s) => ({ a: s.cuecs.found, b: s.cuecs.total }));
  const [sf, st] = sum((s) => ({ a: s.subservice.found, b: s.subservice.total }));
  return {
    fields: { right: fr, total: ft },
    exceptions: { found: ef, total: et },
    cuecs: { found: cf, total: ct },
    subservice: { found: sf, total: st },
    invented: scores.reduce((n, s) => n + s.invented, 0),
    misses: scores.flatMap((s) => s.misses),
  };
}
