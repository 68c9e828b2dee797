import { z } from 'zod';

/**
 * The Admin Sample Data Manager (docs/sample-data.md): one realistic sample organization — the demo
 * company of demo mode (product.md §3 "Demo data object") — loaded into the database through the
 * workspace's own services, for sales to sign in to, and removed again completely.
 */

/** The demo company (the same one demo mode shows, src/web/features/demo-mode). */
export const SAMPLE_COMPANY = {
  companyName: 'Northwind Health Partners',
  companyInfo: { industry: 'Healthcare technology', employees: 240, founded: 2016, headquarters: 'Austin, Texas' },
  website: 'https://northwind-health.example',
  country: 'United States',
} as const;

/** The sample organization's accounts: fixed addresses under a reserved domain (never deliverable). */
export const SAMPLE_ACCOUNT_KINDS = ['client_manager', 'client_member', 'reviewer', 'auditor'] as const;
export type SampleAccountKind = (typeof SAMPLE_ACCOUNT_KINDS)[number];

export const SAMPLE_EMAIL_DOMAIN = 'northwind-health.example';

export const SAMPLE_ACCOUNTS: Readonly<Record<SampleAccountKind, { email: string; name: string; label: string }>> = {
  client_manager: { email: `sample.manager@${SAMPLE_EMAIL_DOMAIN}`, name: 'Maya Okafor', label: 'Client manager (sign in as this one)' },
  client_member: { email: `sample.member@${SAMPLE_EMAIL_DOMAIN}`, name: 'Daniel Reyes', label: 'Client member' },
  reviewer: { email: `sample.reviewer@${SAMPLE_EMAIL_DOMAIN}`, name: 'Priya Natarajan', label: 'Our reviewer (staff, approver)' },
  auditor: { email: `sample.auditor@${SAMPLE_EMAIL_DOMAIN}`, name: 'Tomás Lindqvist', label: 'External auditor' },
};

export const sampleAccountSchema = z.object({
  kind: z.enum(SAMPLE_ACCOUNT_KINDS),
  email: z.string(),
  name: z.string(),
  label: z.string(),
});
export type SampleAccount = z.infer<typeof sampleAccountSchema>;

/** What the sample holds, by kind (each a row count in the database). */
export const SAMPLE_CONTENT_KINDS = [
  'members',
  'taskRequests',
  'agentRuns',
  'aiOutputs',
  'reviews',
  'deliverables',
  'frameworks',
  'controls',
  'evidence',
  'risks',
  'workflows',
  'workflowRuns',
  'auditEngagements',
  'auditRequests',
] as const;
export type SampleContentKind = (typeof SAMPLE_CONTENT_KINDS)[number];

export const SAMPLE_CONTENT_LABELS: Record<SampleContentKind, string> = {
  members: 'Members',
  taskRequests: 'Task requests',
  agentRuns: 'Agent runs',
  aiOutputs: 'AI outputs',
  reviews: 'Reviews',
  deliverables: 'Deliverables',
  frameworks: 'Active frameworks',
  controls: 'Controls in scope',
  evidence: 'Evidence items',
  risks: 'Risks',
  workflows: 'Workflows',
  workflowRuns: 'Workflow runs',
  auditEngagements: 'Audit engagements',
  auditRequests: 'Audit requests',
};

export const sampleDataStatusSchema = z.object({
  loaded: z.boolean(),
  organization: z
    .object({
      id: z.uuid(),
      name: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  /** Row counts by kind (all zero when not loaded). */
  counts: z.record(z.enum(SAMPLE_CONTENT_KINDS), z.number().int()),
  /** Task requests by status, e.g. { queued: 1, delivered: 2 }. */
  requestStatuses: z.record(z.string(), z.number().int()),
  accounts: z.array(sampleAccountSchema),
});
export type SampleDataStatus = z.infer<typeof sampleDataStatusSchema>;

/**
 * The answer to a load. `created` is false when the sample was already there (nothing is duplicated).
 * `password` is the sample accounts' password, generated for this load and shown once: only its hash is
 * stored, so a second load (or the status) never shows it again.
 */
export const loadSampleDataResultSchema = sampleDataStatusSchema.extend({
  created: z.boolean(),
  password: z.string().nullable(),
});
export type LoadSampleDataResult = z.infer<typeof loadSampleDataResultSchema>;

export const removeSampleDataResultSchema = z.object({
  removed: z.boolean(),
  /** Rows removed per table (the audit trail's rows are kept: it is append-only). */
  tables: z.array(z.object({ table: z.string(), rows: z.number().int() })),
  accounts: z.number().int(),
});
export type RemoveSampleDataResult = z.infer<typeof removeSampleDataResultSchema>;
