import { personFieldsSchema, type PersonStatus } from '../../../shared/schemas/people.ts';
import { bool, checkBody, field, record, text, type ScimBody } from './scim-body.ts';
import { invalidValue } from './scim-errors.ts';
import { ENTERPRISE_USER_SCHEMA, USER_RESOURCE } from './scim-schemas.ts';

/**
 * A SCIM User body read into what the roster and scim_users keep (docs/scim.md): the roster's name is
 * displayName, else name.formatted, else the given and family names, else the userName; its e-mail is
 * the primary address, else the work one, else the first, else a userName that is an address. A
 * replacement (PUT, and PATCH's result) clears what it leaves out.
 */

export interface ScimUserInput {
  userName: string;
  givenName: string | null;
  familyName: string | null;
  active: boolean;
  person: {
    name: string;
    email: string;
    title: string;
    department: string;
    managerId: string | null;
    externalId: string | null;
    status: PersonStatus;
  };
}

function primaryEmail(emails: unknown, userName: string): string {
  const values = (Array.isArray(emails) ? emails : []).map(record).filter((entry) => entry !== undefined);
  const chosen =
    values.find((entry) => bool(field(entry, 'primary'), false)) ??
    values.find((entry) => String(field(entry, 'type') ?? '').toLowerCase() === 'work') ??
    values[0];
  const address = text(field(chosen, 'value'));
  if (address) return address;
  if (userName.includes('@')) return userName;
  throw invalidValue('A person needs an e-mail address (emails, or a userName that is one): the roster sends policies by e-mail.');
}

/** The manager's id: `{ value }` as RFC 7643 §4.3 has it, or a bare id as Entra sends in PATCH. */
function managerId(enterprise: ScimBody | undefined): string | null {
  const manager = field(enterprise, 'manager');
  return text(typeof manager === 'string' ? manager : field(record(manager), 'value'));
}

export function readUserInput(body: unknown): ScimUserInput {
  const checked = checkBody(USER_RESOURCE, body);
  const userName = text(field(checked, 'userName'));
  if (!userName) throw invalidValue('userName is required.');
  const name = record(field(checked, 'name'));
  const givenName = text(field(name, 'givenName'));
  const familyName = text(field(name, 'familyName'));
  const enterprise = record(field(checked, ENTERPRISE_USER_SCHEMA));
  const active = bool(field(checked, 'active'), true);
  const parsed = personFieldsSchema.safeParse({
    name:
      text(field(checked, 'displayName')) ??
      text(field(name, 'formatted')) ??
      ([givenName, familyName].filter(Boolean).join(' ') || userName),
    email: primaryEmail(field(checked, 'emails'), userName),
    title: text(field(checked, 'title')) ?? '',
    department: text(field(enterprise, 'department')) ?? '',
    managerId: managerId(enterprise),
    externalId: text(field(checked, 'externalId')),
    status: active ? 'active' : 'inactive',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path =
      { email: 'emails.value', managerId: `${ENTERPRISE_USER_SCHEMA}:manager.value` }[String(issue?.path[0])] ?? String(issue?.path[0]);
    throw invalidValue(`${path}: ${issue?.message ?? 'not valid'}.`);
  }
  const { name: fullName, email, title, department, managerId: manager, externalId, status } = parsed.data;
  if (userName.length > 255) throw invalidValue('userName has at most 255 characters.');
  return {
    userName,
    givenName,
    familyName,
    active,
    person: { name: fullName, email, title, department, managerId: manager, externalId, status },
  };
}
