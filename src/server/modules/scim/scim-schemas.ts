/**
 * The resource schemas this server speaks (RFC 7643 §4, §8.7), in the shape /scim/v2/Schemas serves
 * them. The same definitions decide which attributes a filter, a body or a PATCH path may name: an
 * attribute defined here but not kept by the roster (phone numbers, addresses, locale…) is accepted and
 * ignored, as RFC 7644 §3.3 allows; one defined nowhere is refused (docs/scim.md).
 */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export type AttributeType = 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime' | 'integer' | 'decimal' | 'binary';

export interface AttributeDefinition {
  name: string;
  type: AttributeType;
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: AttributeDefinition[];
  referenceTypes?: string[];
}

type Options = Partial<Omit<AttributeDefinition, 'name' | 'type' | 'description'>>;

function attribute(name: string, type: AttributeType, description: string, options: Options = {}): AttributeDefinition {
  return {
    name,
    type,
    multiValued: false,
    description,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...options,
  };
}

const text = (name: string, description: string, options: Options = {}) => attribute(name, 'string', description, options);

/** value / display / type / primary: the sub-attributes of RFC 7643's multi-valued attributes. */
function multiValued(name: string, description: string, extra: AttributeDefinition[] = []): AttributeDefinition {
  return attribute(name, 'complex', description, {
    multiValued: true,
    subAttributes: [
      text('value', `The ${name} value`),
      text('display', 'A human-readable name'),
      text('type', 'A label: work, home, other…'),
      attribute('primary', 'boolean', 'Whether this is the primary value'),
      ...extra,
    ],
  });
}

const memberReference = (name: string, description: string, referenceTypes: string[]) =>
  attribute(name, 'complex', description, {
    multiValued: true,
    subAttributes: [
      text('value', 'The id of the resource', { mutability: 'immutable' }),
      attribute('$ref', 'reference', 'Its URI', { mutability: 'immutable', referenceTypes }),
      text('display', 'Its name', { mutability: 'readOnly' }),
      text('type', 'User or Group', { mutability: 'immutable' }),
    ],
  });

export const USER_ATTRIBUTES: AttributeDefinition[] = [
  text('userName', 'Unique identifier for the person at the identity provider, usually the e-mail address', {
    required: true,
    uniqueness: 'server',
  }),
  attribute('name', 'complex', 'The parts of the person’s name', {
    subAttributes: [
      text('formatted', 'The full name'),
      text('familyName', 'The family name'),
      text('givenName', 'The given name'),
      text('middleName', 'The middle name (not kept)'),
      text('honorificPrefix', 'Not kept'),
      text('honorificSuffix', 'Not kept'),
    ],
  }),
  text('displayName', 'The name shown on the roster'),
  text('nickName', 'Not kept'),
  attribute('profileUrl', 'reference', 'Not kept', { referenceTypes: ['external'] }),
  text('title', 'The job title'),
  text('userType', 'Not kept'),
  text('preferredLanguage', 'Not kept'),
  text('locale', 'Not kept'),
  text('timezone', 'Not kept'),
  attribute('active', 'boolean', 'false makes the person a leaver: inactive, taken off open attestation campaigns'),
  text('password', 'Never kept, never returned', { mutability: 'writeOnly', returned: 'never' }),
  multiValued('emails', 'E-mail addresses; the primary (or work) one is the roster’s address'),
  multiValued('phoneNumbers', 'Not kept'),
  multiValued('ims', 'Not kept'),
  multiValued('photos', 'Not kept'),
  attribute('addresses', 'complex', 'Not kept', {
    multiValued: true,
    subAttributes: ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country', 'type']
      .map((name) => text(name, 'Not kept'))
      .concat(attribute('primary', 'boolean', 'Not kept')),
  }),
  { ...memberReference('groups', 'The groups the person belongs to (change them on the group)', ['Group']), mutability: 'readOnly' },
  multiValued('entitlements', 'Not kept'),
  multiValued('roles', 'Not kept'),
  multiValued('x509Certificates', 'Not kept'),
];

export const ENTERPRISE_USER_ATTRIBUTES: AttributeDefinition[] = [
  text('employeeNumber', 'Not kept'),
  text('costCenter', 'Not kept'),
  text('organization', 'Not kept'),
  text('division', 'Not kept'),
  text('department', 'The department (attestation campaigns target departments)'),
  attribute('manager', 'complex', 'The person’s manager, a person of the roster', {
    subAttributes: [
      text('value', 'The manager’s id'),
      attribute('$ref', 'reference', 'The manager’s URI', { referenceTypes: ['User'] }),
      text('displayName', 'The manager’s name', { mutability: 'readOnly' }),
    ],
  }),
];

export const GROUP_ATTRIBUTES: AttributeDefinition[] = [
  text('displayName', 'The group’s name, unique in the organization', { required: true, uniqueness: 'server' }),
  memberReference('members', 'The people in the group', ['User']),
];

/** id, externalId and meta: every resource has them (RFC 7643 §3.1). */
export const COMMON_ATTRIBUTES: AttributeDefinition[] = [
  text('id', 'The server’s id', { caseExact: true, mutability: 'readOnly', returned: 'always', uniqueness: 'server' }),
  text('externalId', 'The identity provider’s id', { caseExact: true }),
  attribute('meta', 'complex', 'Resource metadata', {
    mutability: 'readOnly',
    subAttributes: [
      text('resourceType', 'User or Group', { mutability: 'readOnly' }),
      attribute('created', 'dateTime', 'When it was created', { mutability: 'readOnly' }),
      attribute('lastModified', 'dateTime', 'When it last changed', { mutability: 'readOnly' }),
      attribute('location', 'reference', 'Its URI', { mutability: 'readOnly' }),
    ],
  }),
];

export interface ResourceDefinition {
  name: 'User' | 'Group';
  endpoint: string;
  schema: string;
  attributes: AttributeDefinition[];
  extensions: { schema: string; attributes: AttributeDefinition[] }[];
}

export const USER_RESOURCE: ResourceDefinition = {
  name: 'User',
  endpoint: '/Users',
  schema: USER_SCHEMA,
  attributes: USER_ATTRIBUTES,
  extensions: [{ schema: ENTERPRISE_USER_SCHEMA, attributes: ENTERPRISE_USER_ATTRIBUTES }],
};

export const GROUP_RESOURCE: ResourceDefinition = {
  name: 'Group',
  endpoint: '/Groups',
  schema: GROUP_SCHEMA,
  attributes: GROUP_ATTRIBUTES,
  extensions: [],
};
