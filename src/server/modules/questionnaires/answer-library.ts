import { and, eq, inArray } from 'drizzle-orm';
import type { Citation, LibraryAnswer, ShortAnswer } from '../../../shared/schemas/questionnaires.ts';
import { AUDIT_TYPE_LABELS } from '../../../shared/schemas/programme-statuses.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { questionnaireLibraryAnswers } from '../../db/schema/questionnaires.ts';
import { catalogueIndex, type CatalogueIndex } from '../frameworks/catalogue-index.ts';
import { loadProgrammeState, programmeReadiness, type ProgrammeState } from '../frameworks/programme-state.ts';
import { userNames } from '../task-requests/task-request-views.ts';
import { PROCESSING_STATUSES } from '../vendors/sub-processors.ts';
import { listVendorFacts, type VendorFact } from '../vendors/vendor-facts.ts';
import { VENDOR_REVIEW_CADENCE_MONTHS } from '../../../shared/schemas/vendors.ts';

/**
 * The answer library (issue 36 item 1): one organization's answers, built from what its workspace knows
 * — its controls and their status, their evidence, its approved (published) deliverables such as
 * policies, its active frameworks and their readiness — plus the answers its reviewers approved. Each
 * says what it rests on (sources), who owns it and when it was last reviewed; an answer whose sources
 * went stale or changed since it was reviewed is marked for review. Nothing here is typed in: change the
 * programme and the library changes with it. The vendor register answers the third-party questions
 * (who the sub-processors are, how vendors are assessed).
 */

/** An answer as the matcher reads it: the library entry, the words it is found by, and how firmly it answers. */
export interface LibraryEntry extends LibraryAnswer {
  searchText: string;
  /** 0–1: an implemented control with fresh evidence answers firmly; a planned one does not. */
  strength: number;
}

const day = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : null);
const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((best, date) => (date && (!best || date > best) ? date : best), null);

interface EvidenceFact {
  id: string;
  title: string;
  description: string;
  collectedAt: Date;
  reviewedAt: Date | null;
  fresh: boolean;
  updatedAt: Date;
}

interface Facts {
  catalogue: CatalogueIndex;
  state: ProgrammeState;
  evidenceByControl: Map<string, EvidenceFact[]>;
  evidenceById: Map<string, EvidenceFact & { controlIds: string[] }>;
  frameworksOfControl: Map<string, string[]>;
  names: Map<string, string>;
  vendors: VendorFact[];
}

function controlAnswer(status: string, applicable: boolean, description: string, justification: string): [ShortAnswer, string, number] {
  if (!applicable) return ['not_applicable', `Not applicable to us${justification ? `: ${justification}` : '.'}`, 0.9];
  if (status === 'implemented') return ['yes', `Yes. ${description}`, 1];
  if (status === 'stale') return ['yes', `Yes. ${description} Its evidence is being renewed.`, 0.8];
  if (status === 'in_progress')
    return ['partial', `Partially: this is being put in place in our compliance programme and is not complete yet.`, 0.7];
  return ['no', 'Not yet: this is in the scope of our compliance programme and planned, but not in place today.', 0.55];
}

function controlEntry(facts: Facts, controlId: string): LibraryEntry | null {
  const control = facts.catalogue.controlById.get(controlId);
  const row = facts.state.controls.get(controlId);
  if (!control || !row) return null;
  const items = facts.evidenceByControl.get(controlId) ?? [];
  const fresh = items.filter((item) => item.fresh);
  const [shortAnswer, sentence, strength] = controlAnswer(row.status, row.applicable, control.description, row.justification);
  const evidenceNote = row.status === 'implemented' && fresh.length > 0 ? ` Evidence: ${fresh.map((item) => item.title).join('; ')}.` : '';
  const frameworks = facts.frameworksOfControl.get(controlId) ?? [];
  const sources: Citation[] = [
    { kind: 'control', id: controlId, label: `${controlId} ${control.title}` },
    ...fresh.map((item) => ({ kind: 'evidence' as const, id: item.id, label: item.title })),
  ];
  const stale = row.status === 'stale' || (items.length > 0 && fresh.length === 0);
  return {
    id: `control:${controlId}`,
    kind: 'control',
    topic: control.title,
    shortAnswer,
    answer: `${sentence}${evidenceNote}`,
    sources,
    owner: row.ownerId ? { id: row.ownerId, name: facts.names.get(row.ownerId) ?? 'A former user' } : null,
    lastReviewedAt: latest(row.updatedAt, ...fresh.map((item) => item.reviewedAt))?.toISOString() ?? null,
    needsReview: stale,
    reviewReason: stale ? 'Its evidence expired or the control is stale.' : null,
    searchText: [control.title, control.title, control.description, control.domain, control.evidenceHint, frameworks.join(' ')].join(' '),
    strength: stale ? Math.min(strength, 0.75) : strength,
  };
}

function frameworkEntries(facts: Facts): LibraryEntry[] {
  return programmeReadiness(facts.catalogue, facts.state).map((readiness) => {
    const activation = facts.state.activations.find((row) => row.frameworkId === readiness.frameworkId);
    const audit = readiness.auditType ? ` (${AUDIT_TYPE_LABELS[readiness.auditType]})` : '';
    const target = readiness.targetDate ? `, with a target date of ${readiness.targetDate}` : '';
    const done = readiness.score >= 100;
    return {
      id: `framework:${readiness.frameworkId}`,
      kind: 'framework',
      topic: `${readiness.name} compliance`,
      shortAnswer: done ? 'yes' : 'partial',
      answer: `${done ? 'Yes' : 'In progress'}: we run a ${readiness.name}${audit} compliance programme${target}; readiness is ${readiness.score} % (${readiness.met} of ${readiness.total} requirements met).`,
      sources: [{ kind: 'framework', id: readiness.frameworkId, label: `${readiness.name} readiness` }],
      owner: null,
      lastReviewedAt: activation?.activatedAt.toISOString() ?? null,
      needsReview: false,
      reviewReason: null,
      searchText: `${readiness.name} ${readiness.frameworkId} ${audit} compliance certification certified attestation audit report`,
      strength: done ? 1 : 0.75,
    };
  });
}

function evidenceEntries(facts: Facts): LibraryEntry[] {
  return [...facts.evidenceById.values()].map((item) => {
    const controls = item.controlIds.map((id) => facts.catalogue.controlById.get(id)?.title ?? id);
    return {
      id: `evidence:${item.id}`,
      kind: 'evidence',
      topic: item.title,
      shortAnswer: item.fresh ? 'yes' : null,
      answer: `We keep ${item.title} as evidence (collected ${day(item.collectedAt)}).`,
      sources: [{ kind: 'evidence', id: item.id, label: item.title }],
      owner: null,
      lastReviewedAt: (item.reviewedAt ?? item.collectedAt).toISOString(),
      needsReview: !item.fresh,
      reviewReason: item.fresh ? null : 'The evidence expired.',
      searchText: `${item.title} ${item.title} ${item.description} ${controls.join(' ')}`,
      strength: item.fresh ? 0.8 : 0.4,
    };
  });
}

async function policyEntries(tx: DbTransaction, organizationId: string): Promise<LibraryEntry[]> {
  const rows = await tx
    .select()
    .from(deliverables)
    .where(and(eq(deliverables.organizationId, organizationId), eq(deliverables.status, 'completed')));
  return rows
    .filter((row) => row.currentVersion > 0)
    .map((row) => ({
      id: `policy:${row.id}`,
      kind: 'policy' as const,
      topic: row.title,
      shortAnswer: 'yes' as const,
      answer: `Yes. Our ${row.title} (version ${row.currentVersion}, approved ${day(row.completedAt ?? row.updatedAt)}) sets this out.`,
      sources: [{ kind: 'policy' as const, id: row.id, label: `${row.title} v${row.currentVersion}` }],
      owner: null,
      lastReviewedAt: (row.completedAt ?? row.updatedAt).toISOString(),
      needsReview: false,
      reviewReason: null,
      searchText: `${row.title} ${row.title} ${row.description} ${row.tags.join(' ')}`,
      strength: 0.85,
    }));
}

/**
 * The vendor register's answers: how third parties are assessed (when there is a register) and who the
 * sub-processors are (when there are approved ones). Each cites the vendors it names.
 */
function vendorEntries(facts: Facts): LibraryEntry[] {
  const current = facts.vendors;
  if (current.length === 0) return [];
  const approved = current.filter((vendor) => (PROCESSING_STATUSES as readonly string[]).includes(vendor.status));
  const inReview = current.length - approved.length;
  const lastChange = latest(...current.map((vendor) => vendor.updatedAt));
  const cadences = [...new Set(Object.values(VENDOR_REVIEW_CADENCE_MONTHS))].sort((a, b) => a - b);
  const entries: LibraryEntry[] = [
    {
      id: 'vendor:register',
      kind: 'vendor',
      topic: 'Third-party (vendor) risk management',
      shortAnswer: 'yes',
      answer:
        `Yes. We keep a register of ${current.length} vendor${current.length === 1 ? '' : 's'}, each with an owner and a criticality tier, ` +
        `and review each one every ${cadences[0]} to ${cadences.at(-1)} months by tier (the most critical every ${cadences[0]} months). ` +
        `${approved.length} ${approved.length === 1 ? 'was' : 'were'} approved after a security review${inReview > 0 ? `; ${inReview} ${inReview === 1 ? 'is' : 'are'} awaiting approval` : ''}.`,
      sources: [{ kind: 'vendor', id: 'register', label: `Vendor register (${current.length} vendor${current.length === 1 ? '' : 's'})` }],
      owner: null,
      lastReviewedAt: lastChange?.toISOString() ?? null,
      needsReview: false,
      reviewReason: null,
      searchText:
        'vendor vendors third party third-party parties supplier suppliers service provider providers risk management assessment assess due diligence review reviewed monitor onboarding security',
      strength: 0.85,
    },
  ];
  const subProcessors = approved.filter((vendor) => vendor.isSubProcessor);
  if (subProcessors.length > 0)
    entries.push({
      id: 'vendor:sub-processors',
      kind: 'vendor',
      topic: 'Sub-processors',
      shortAnswer: 'yes',
      answer: `Yes. We use ${subProcessors.length} sub-processor${subProcessors.length === 1 ? '' : 's'}, each approved after a security review: ${subProcessors
        .map((vendor) => (vendor.services ? `${vendor.name} (${vendor.services})` : vendor.name))
        .join('; ')}.`,
      sources: subProcessors.map((vendor) => ({ kind: 'vendor' as const, id: vendor.id, label: vendor.name })),
      owner: null,
      lastReviewedAt: latest(...subProcessors.map((vendor) => vendor.updatedAt))?.toISOString() ?? null,
      needsReview: false,
      reviewReason: null,
      searchText: `sub-processor sub-processors subprocessor subprocessors processor processors third parties personal data on our behalf list ${subProcessors.map((vendor) => vendor.name).join(' ')}`,
      strength: 0.9,
    });
  return entries;
}

/** An approved answer needs review when a source it cites changed after it was reviewed, or went stale. */
function approvedReviewReason(facts: Facts, sources: readonly Citation[], reviewedAt: Date): string | null {
  for (const source of sources) {
    if (source.kind === 'control') {
      const row = facts.state.controls.get(source.id);
      if (!row) return `${source.label} is no longer in the programme.`;
      if (row.updatedAt > reviewedAt) return `${source.label} changed after this answer was reviewed.`;
      if (row.status === 'stale') return `${source.label} is stale.`;
    }
    if (source.kind === 'evidence') {
      const item = facts.evidenceById.get(source.id);
      if (!item || !item.fresh) return `Evidence “${source.label}” expired or was removed.`;
    }
    if (source.kind === 'vendor' && !source.id.startsWith('register')) {
      const vendor = facts.vendors.find((row) => row.id === source.id);
      if (!vendor) return `${source.label} is no longer in the vendor register.`;
      if (vendor.updatedAt > reviewedAt) return `${source.label} changed in the vendor register after this answer was reviewed.`;
    }
  }
  return null;
}

async function approvedEntries(tx: DbTransaction, organizationId: string, facts: Facts): Promise<LibraryEntry[]> {
  const rows = await tx.select().from(questionnaireLibraryAnswers).where(eq(questionnaireLibraryAnswers.organizationId, organizationId));
  return rows.map((row) => {
    const reason = approvedReviewReason(facts, row.sources, row.reviewedAt);
    return {
      id: `approved:${row.id}`,
      kind: 'approved' as const,
      topic: row.question,
      shortAnswer: row.shortAnswer,
      answer: row.answer,
      sources: [...row.sources, { kind: 'approved' as const, id: row.id, label: 'Approved answer' }],
      owner: { id: row.ownerId, name: facts.names.get(row.ownerId) ?? 'A former user' },
      lastReviewedAt: row.reviewedAt.toISOString(),
      needsReview: reason !== null,
      reviewReason: reason,
      searchText: row.question,
      strength: reason ? 0.7 : 1,
    };
  });
}

async function evidenceFacts(tx: DbTransaction, organizationId: string, now: Date) {
  const rows = await tx.select().from(evidence).where(eq(evidence.organizationId, organizationId));
  const links = rows.length
    ? await tx
        .select()
        .from(evidenceControls)
        .where(
          inArray(
            evidenceControls.evidenceId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  const evidenceById = new Map<string, EvidenceFact & { controlIds: string[] }>();
  for (const row of rows) {
    const fresh = row.staleAt === null && row.expiresAt > now;
    evidenceById.set(row.id, { ...row, fresh, controlIds: [] });
  }
  const evidenceByControl = new Map<string, EvidenceFact[]>();
  for (const link of links) {
    const item = evidenceById.get(link.evidenceId);
    if (!item) continue;
    item.controlIds.push(link.controlId);
    evidenceByControl.set(link.controlId, [...(evidenceByControl.get(link.controlId) ?? []), item]);
  }
  return { evidenceById, evidenceByControl };
}

/** Every answer of the organization's library, read in the caller's tenant transaction. */
export async function loadAnswerLibrary(db: Db, tx: DbTransaction, organizationId: string, now = new Date()): Promise<LibraryEntry[]> {
  const catalogue = await catalogueIndex(db);
  const state = await loadProgrammeState(tx, organizationId, now);
  const { evidenceById, evidenceByControl } = await evidenceFacts(tx, organizationId, now);
  const activeFrameworks = new Set(state.activations.map((row) => row.frameworkId));
  const frameworksOfControl = new Map<string, string[]>();
  for (const framework of catalogue.frameworks) {
    if (!activeFrameworks.has(framework.id)) continue;
    for (const controlId of catalogue.controlIdsByFramework.get(framework.id) ?? []) {
      frameworksOfControl.set(controlId, [...(frameworksOfControl.get(controlId) ?? []), framework.name]);
    }
  }
  const approvedOwners = await tx
    .select({ ownerId: questionnaireLibraryAnswers.ownerId })
    .from(questionnaireLibraryAnswers)
    .where(eq(questionnaireLibraryAnswers.organizationId, organizationId));
  const names = await userNames(tx, [
    ...[...state.controls.values()].map((row) => row.ownerId),
    ...approvedOwners.map((row) => row.ownerId),
  ]);
  const facts: Facts = {
    catalogue,
    state,
    evidenceByControl,
    evidenceById,
    frameworksOfControl,
    names,
    vendors: await listVendorFacts(tx, organizationId),
  };
  // A control counts when an active framework brings it into scope (deactivated frameworks leave rows behind).
  const controlEntries = [...state.controls.keys()]
    .filter((id) => frameworksOfControl.has(id))
    .map((id) => controlEntry(facts, id))
    .filter((entry): entry is LibraryEntry => entry !== null);
  return [
    ...(await approvedEntries(tx, organizationId, facts)),
    ...frameworkEntries(facts),
    ...(await policyEntries(tx, organizationId)),
    ...controlEntries,
    ...evidenceEntries(facts),
    ...vendorEntries(facts),
  ];
}
