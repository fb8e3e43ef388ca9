import { ENTERPRISE_USER_SCHEMA, RESOURCE_TYPE_SCHEMA, SCIM_BASE_PATH, USER_SCHEMA } from '../scim-schemas.js';

/** RFC 7643 §6: Users only; Groups are not provisioned. */
export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'An employee of the self-service portal',
      schema: USER_SCHEMA,
      // Entra sends the enterprise extension; its manager is kept, its other attributes are ignored.
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}${SCIM_BASE_PATH}/ResourceTypes/User` },
    },
  ];
}
