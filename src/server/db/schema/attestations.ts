import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  ATTESTATION_CAMPAIGN_STATUSES,
  ATTESTATION_RECIPIENT_STATUSES,
  type AttestationAudienceGroup,
} from '../../../shared/schemas/attestations.ts';
import { evidence } from './evidence.ts';
import { organizations } from './organizations.ts';
import { people } from './people.ts';
import { policies } from './policies.ts';

/**
 * Attestation campaigns (issue 37 item 3, docs/policies.md): chosen policies (each pinned to the version
 * in force), chosen people, one expiring single-person link each, reminders, acknowledgements. Tenant
 * tables, written by modules/attestations only.
 */
export const attestationCampaigns = pgTable(
  'attestation_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status', { enum: ATTESTATION_CAMPAIGN_STATUSES }).notNull().default('open'),
    /** Empty: everyone active; otherwise the departments chosen. */
    departments: text('departments').array().notNull().default([]),
    /**
     * Non-empty: the SCIM groups chosen (id and name when the campaign began). A person who joins one
     * of them while the campaign is open joins the campaign (attestation-joiners.ts).
     */
    groups: jsonb('groups').$type<AttestationAudienceGroup[]>().notNull().default([]),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Days between reminders to those who have not acknowledged yet. */
    reminderEveryDays: integer('reminder_every_days').notNull(),
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    /** When the links stop working. */
    linksExpireAt: timestamp('links_expire_at', { withTimezone: true }).notNull(),
    /** The site's public origin when the campaign began: the links in its mails and its evidence. */
    siteOrigin: text('site_origin').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('attestation_campaigns_org_idx').on(table.organizationId, table.status),
    index('attestation_campaigns_reminder_idx').on(table.nextReminderAt),
  ],
);

/** A campaign's policy, pinned to the version in force when the campaign began; its evidence once complete. */
export const attestationCampaignPolicies = pgTable(
  'attestation_campaign_policies',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => attestationCampaigns.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    policyVersion: integer('policy_version').notNull(),
    evidenceId: uuid('evidence_id').references(() => evidence.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.policyId] })],
);

/** One person asked to acknowledge: a snapshot of who they were, and the hash of their link's token. */
export const attestationRecipients = pgTable(
  'attestation_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => attestationCampaigns.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    department: text('department').notNull().default(''),
    status: text('status', { enum: ATTESTATION_RECIPIENT_STATUSES }).notNull().default('pending'),
    /** SHA-256 of the link's token (the token itself is only in the e-mail). */
    tokenHash: text('token_hash').notNull(),
    /** The link of the mail before the last reminder stays valid too. */
    previousTokenHash: text('previous_token_hash'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedReason: text('removed_reason'),
  },
  (table) => [
    uniqueIndex('attestation_recipients_person').on(table.campaignId, table.email),
    uniqueIndex('attestation_recipients_token').on(table.tokenHash),
    index('attestation_recipients_prev_token').on(table.previousTokenHash),
    index('attestation_recipients_person_idx').on(table.personId),
  ],
);

/** Who signed which version of which policy, when (the evidence's list). Append-only. */
export const attestationAcknowledgements = pgTable(
  'attestation_acknowledgements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => attestationCampaigns.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => attestationRecipients.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    policyVersion: integer('policy_version').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [uniqueIndex('attestation_acknowledgements_key').on(table.recipientId, table.policyId)],
);
