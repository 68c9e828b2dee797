/**
 * The compliance programme's vocabularies (docs/programme.md), in a leaf file that imports nothing,
 * so every programme schema (frameworks, controls, evidence, risks) can use them without a cycle.
 */

/** The tier-1 catalogue, in the order the screens list it. The same ids as the advisor's. */
export const TIER1_FRAMEWORK_IDS = ['soc2', 'iso27001', 'gdpr', 'hipaa', 'pci', 'nist-csf', 'iso42001', 'ccpa'] as const;
/** Tier 2 (issue 39): the frameworks European and public-sector buyers ask for next. */
export const TIER2_FRAMEWORK_IDS = ['iso27701', 'nis2', 'dora', 'eu-ai-act', 'nist-800-53', 'cis'] as const;
/** The whole catalogue, tier 1 then tier 2, in the order the screens list it. */
export const CATALOGUE_FRAMEWORK_IDS = [...TIER1_FRAMEWORK_IDS, ...TIER2_FRAMEWORK_IDS] as const;
export type CatalogueFrameworkId = (typeof CATALOGUE_FRAMEWORK_IDS)[number];

/** The published baselines a requirement can belong to: NIST SP 800-53B's, and CIS Controls' implementation groups. */
export const REQUIREMENT_BASELINES = ['low', 'moderate', 'high', 'privacy', 'IG1', 'IG2', 'IG3'] as const;
export type RequirementBaseline = (typeof REQUIREMENT_BASELINES)[number];

/** How a common control relates to a requirement (a set relation, as in NIST's OLIR). */
export const MAPPING_RELATIONS = ['equal', 'subset', 'superset', 'intersect'] as const;
export type MappingRelation = (typeof MAPPING_RELATIONS)[number];
export const MAPPING_RELATION_LABELS: Record<MappingRelation, string> = {
  equal: 'Equal: the control is the requirement',
  subset: 'Subset: the control covers part of the requirement',
  superset: 'Superset: the control covers the requirement and more',
  intersect: 'Intersect: they overlap in part',
};

/** Type I (design at a date) or Type II (operating over a period), where the framework has them. */
export const AUDIT_TYPES = ['type1', 'type2'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];
export const AUDIT_TYPE_LABELS: Record<AuditType, string> = { type1: 'Type I', type2: 'Type II' };

/** `failing`: a connector's check found it not working (docs/connectors.md); it counts as not implemented. */
export const CONTROL_STATUSES = ['not_started', 'in_progress', 'implemented', 'stale', 'failing'] as const;
export type ControlStatus = (typeof CONTROL_STATUSES)[number];
export const CONTROL_STATUS_LABELS: Record<ControlStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  implemented: 'Implemented',
  stale: 'Stale',
  failing: 'Failing',
};

/**
 * A requirement's readiness: met (every mapped control in scope implemented with fresh evidence),
 * partly met, not met, not applicable (every mapped control marked not applicable with a
 * justification), or not addressable by a control (the catalogue says so, with the reason).
 */
export const REQUIREMENT_STATUSES = ['met', 'partial', 'not_met', 'not_applicable', 'not_addressable'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];
export const REQUIREMENT_STATUS_LABELS: Record<RequirementStatus, string> = {
  met: 'Met',
  partial: 'Partly met',
  not_met: 'Not met',
  not_applicable: 'Not applicable',
  not_addressable: 'Not addressable by a control',
};

/** Evidence is current, expiring (within EVIDENCE_EXPIRING_DAYS of its expiry), or stale (expired). */
export const EVIDENCE_STATES = ['current', 'expiring', 'stale'] as const;
export type EvidenceState = (typeof EVIDENCE_STATES)[number];
export const EVIDENCE_EXPIRING_DAYS = 30;
/** The owner is told this many days ahead of an expiry (and once more when it goes stale). */
export const EVIDENCE_NOTICE_DAYS = [30, 7] as const;
export const EVIDENCE_KINDS = ['file', 'link'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
/** Largest evidence file accepted (the UI, the API and, later, API keys share it). */
export const EVIDENCE_MAX_BYTES = 25 * 1024 * 1024;
/** Evidence files we accept, by sniffed media type (never by the name the browser sends). */
export const EVIDENCE_MEDIA_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/json',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

export const RISK_TREATMENTS = ['mitigate', 'accept', 'transfer', 'avoid'] as const;
export type RiskTreatment = (typeof RISK_TREATMENTS)[number];
export const RISK_STATUSES = ['open', 'closed'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];
export const RISK_CATEGORIES = ['security', 'privacy', 'operational', 'vendor', 'legal', 'financial', 'ai'] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];

/** The registers that export to CSV, and those that import from it. */
export const REGISTERS = ['controls', 'evidence', 'risks', 'requirements', 'vendors'] as const;
export type Register = (typeof REGISTERS)[number];
export const IMPORTABLE_REGISTERS = ['controls', 'risks', 'vendors', 'people'] as const;
export type ImportableRegister = (typeof IMPORTABLE_REGISTERS)[number];
