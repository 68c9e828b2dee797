import { describe, expect, it } from 'vitest';
import { ScimError } from './scim-errors.ts';
import { compileScimFilter } from './scim-filter.ts';
import { ENTERPRISE_USER_SCHEMA, GROUP_RESOURCE, USER_RESOURCE, USER_SCHEMA } from './scim-schemas.ts';

/** The filter grammar of RFC 7644 §3.4.2.2 over User and Group resources as the server writes them. */

const barbara = {
  schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
  id: '2819c223-7f76-453a-919d-413861904646',
  externalId: 'Bjensen-1',
  userName: 'bjensen@example.com',
  name: { formatted: 'Barbara Jensen', givenName: 'Barbara', familyName: 'Jensen' },
  displayName: 'Babs Jensen',
  active: true,
  emails: [
    { value: 'bjensen@example.com', type: 'work', primary: true },
    { value: 'babs@jensen.org', type: 'home' },
  ],
  [ENTERPRISE_USER_SCHEMA]: { department: 'Engineering', manager: { value: 'abc' } },
  meta: { resourceType: 'User', created: '2026-01-01T10:00:00.000Z', lastModified: '2026-03-01T10:00:00.000Z' },
};
const kim = {
  ...barbara,
  id: 'k',
  externalId: 'kim-2',
  userName: 'kim@example.com',
  displayName: 'Kim Jensen',
  active: false,
  emails: [],
  [ENTERPRISE_USER_SCHEMA]: {},
};

const users = (filter: string) => [barbara, kim].filter(compileScimFilter(filter, USER_RESOURCE)).map((user) => user.id);

function refusal(filter: string): ScimError {
  try {
    compileScimFilter(filter, USER_RESOURCE);
  } catch (error) {
    if (error instanceof ScimError) return error;
    throw error;
  }
  throw new Error(`${filter} was accepted`);
}

describe('SCIM filters', () => {
  it('matches userName, emails.value and displayName without regard to case, externalId exactly', () => {
    expect(users('userName eq "BJensen@Example.com"')).toEqual([barbara.id]);
    expect(users('emails.value eq "babs@jensen.org"')).toEqual([barbara.id]);
    expect(users('displayName eq "babs jensen"')).toEqual([barbara.id]);
    expect(users('externalId eq "Bjensen-1"')).toEqual([barbara.id]);
    expect(users('externalId eq "bjensen-1"')).toEqual([]);
    expect(users('userName eq "nobody@example.com"')).toEqual([]);
  });

  it('combines with and, or, not and parentheses, and reads attribute names in any case or with their schema', () => {
    expect(users('userName eq "kim@example.com" or externalId eq "Bjensen-1"')).toEqual([barbara.id, 'k']);
    expect(users('userName sw "b" and active eq true')).toEqual([barbara.id]);
    expect(users('not (active eq true)')).toEqual(['k']);
    expect(users('(USERNAME co "example") and (externalId eq "kim-2" or displayName eq "x")')).toEqual(['k']);
    expect(users(`${USER_SCHEMA}:userName eq "kim@example.com"`)).toEqual(['k']);
    expect(users(`${ENTERPRISE_USER_SCHEMA}:department eq "engineering"`)).toEqual([barbara.id]);
    expect(users('name.familyName ew "sen"')).toEqual([barbara.id, 'k']);
  });

  it('filters within a multi-valued attribute, tests presence and compares dates as instants', () => {
    expect(users('emails[type eq "home" and value co "jensen.org"]')).toEqual([barbara.id]);
    expect(users('emails[type eq "work" and value co "jensen.org"]')).toEqual([]);
    expect(users('emails pr')).toEqual([barbara.id]);
    expect(users('meta.lastModified gt "2026-02-01T00:00:00Z"')).toEqual([barbara.id, 'k']);
    expect(users('meta.lastModified lt "2026-02-01T00:00:00+01:00"')).toEqual([]);
  });

  it('refuses malformed filters and unknown attributes as invalidFilter (400)', () => {
    for (const text of ['userName eq', 'userName xx "a"', '(userName eq "a"', 'userName eq "a" extra', '', 'emails[type eq "work"']) {
      const error = refusal(text);
      expect([error.status, error.scimType], text).toEqual([400, 'invalidFilter']);
    }
    expect(refusal('nickname2 eq "x"').message).toContain('nickname2');
    expect(refusal('name eq "x"').scimType).toBe('invalidFilter');
    expect(refusal('password eq "x"').scimType).toBe('invalidFilter');
    expect(refusal('urn:example:custom:attr eq "x"').scimType).toBe('invalidFilter');
    expect(refusal('active gt true').scimType).toBe('invalidFilter');
  });

  it('filters groups by displayName and members.value', () => {
    const group = { id: 'g', displayName: 'Engineering', members: [{ value: barbara.id }] };
    expect([group].filter(compileScimFilter(`members[value eq "${barbara.id}"]`, GROUP_RESOURCE))).toHaveLength(1);
    expect([group].filter(compileScimFilter('displayName eq "engineering"', GROUP_RESOURCE))).toHaveLength(1);
    expect(() => compileScimFilter('userName eq "x"', GROUP_RESOURCE)).toThrow(/Group does not have/);
  });
});
