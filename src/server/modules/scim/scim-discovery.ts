import { MAX_COUNT } from './scim-list.ts';
import { type AttributeDefinition, GROUP_RESOURCE, type ResourceDefinition, USER_RESOURCE } from './scim-schemas.ts';

/**
 * The discovery endpoints (RFC 7644 §4): what this server supports (PATCH and filtering; no bulk,
 * sorting, ETags or password changes), the User, enterprise User and Group schemas, and the two
 * resource types. They describe the protocol, not an organization, and answer without a token.
 */

const SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

const list = (resources: Record<string, unknown>[]) => ({
  schemas: [LIST],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    documentationUri: new URL('/docs', baseUrl).toString(),
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The organization’s SCIM token, made by its integration admin under Integrations',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

const schemaEntries = (resource: ResourceDefinition): { id: string; name: string; attributes: AttributeDefinition[] }[] => [
  { id: resource.schema, name: resource.name, attributes: resource.attributes },
  ...resource.extensions.map((extension) => ({ id: extension.schema, name: 'EnterpriseUser', attributes: extension.attributes })),
];

export function schemaDocuments(baseUrl: string) {
  return [USER_RESOURCE, GROUP_RESOURCE].flatMap(schemaEntries).map((entry) => ({
    schemas: [SCHEMA_SCHEMA],
    id: entry.id,
    name: entry.name,
    description: `${entry.name} as this server keeps it`,
    attributes: entry.attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${entry.id}` },
  }));
}

export function resourceTypeDocuments(baseUrl: string) {
  return [USER_RESOURCE, GROUP_RESOURCE].map((resource) => ({
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: resource.name,
    name: resource.name,
    endpoint: resource.endpoint,
    description: resource.name === 'User' ? 'A person of the organization’s roster' : 'A group of people',
    schema: resource.schema,
    schemaExtensions: resource.extensions.map((extension) => ({ schema: extension.schema, required: false })),
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${resource.name}` },
  }));
}

export const listOf = list;
