import { z } from 'zod';
import { emailSchema } from './auth.ts';

/**
 * The people of an organization (issue 37 item 2, docs/policies.md): the employee roster that signs
 * policies. People are not necessarily workspace users; they come from a CSV import (the register
 * import's dry run) or from the identity provider through SCIM.
 */

/** `inactive`: a leaver (or a SCIM deactivation); removed from open attestation campaigns. */
export const PERSON_STATUSES = ['active', 'inactive'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];
export const PERSON_STATUS_LABELS: Record<PersonStatus, string> = { active: 'Active', inactive: 'Left' };

/** Where a person's row came from (the last writer). */
export const PERSON_SOURCES = ['manual', 'csv', 'scim'] as const;
export type PersonSource = (typeof PERSON_SOURCES)[number];

const isoDate = z.iso.date('A date as YYYY-MM-DD');
const email = emailSchema;

const personShape = {
  name: z.string().trim().min(1, 'Give the name').max(200, 'At most 200 characters'),
  email,
  department: z.string().trim().max(100, 'At most 100 characters'),
  title: z.string().trim().max(200, 'At most 200 characters'),
  managerId: z.uuid('Not a person id').nullable(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  status: z.enum(PERSON_STATUSES, 'active or inactive'),
  /** The identity provider's id for this person (SCIM externalId). */
  externalId: z.string().trim().max(255).nullable(),
};

export const personFieldsSchema = z.object({
  ...personShape,
  department: personShape.department.default(''),
  title: personShape.title.default(''),
  managerId: personShape.managerId.default(null),
  startDate: personShape.startDate.default(null),
  endDate: personShape.endDate.default(null),
  status: personShape.status.default('active'),
  externalId: personShape.externalId.default(null),
});
export type PersonFields = z.input<typeof personFieldsSchema>;

/** A change: only the fields sent (no defaults, so an absent field stays as it is). */
export const personChangeSchema = z.object(personShape).partial();

export const personSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  email: z.string(),
  department: z.string(),
  title: z.string(),
  managerId: z.uuid().nullable(),
  managerName: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(PERSON_STATUSES),
  /** A leaver: inactive, or an end date that has passed. */
  isLeaver: z.boolean(),
  source: z.enum(PERSON_SOURCES),
  externalId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const personListQuerySchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  status: z.enum(PERSON_STATUSES, 'active or inactive').optional(),
  department: z.string().trim().max(100).optional(),
  /** Words in the name, e-mail or title. */
  q: z.string().trim().max(200).optional(),
});

export const personListSchema = z.object({
  organizationId: z.uuid(),
  people: z.array(personSchema),
  /** Every department the roster names, for the filter. */
  departments: z.array(z.string()),
  /** The identity provider's groups (SCIM /scim/v2/Groups), by name, with how many active people each has: campaign audiences. */
  groups: z.array(z.object({ id: z.uuid(), name: z.string(), activeMembers: z.number().int() })),
});
export type PersonList = z.infer<typeof personListSchema>;

/** A person is a leaver from the day after their end date, or when inactive. */
export function isLeaver(person: { status: PersonStatus; endDate: string | null }, today: string): boolean {
  return person.status === 'inactive' || (person.endDate !== null && person.endDate < today);
}
