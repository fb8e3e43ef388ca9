/** The URNs of RFC 7643/7644 this service speaks. */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export const SCIM_BASE_PATH = '/scim/v2';
export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** The most resources one list answer holds (ServiceProviderConfig's `filter.maxResults`). */
export const MAX_RESULTS = 100;

/** The security scheme of the SCIM provisioning routes (/scim/v2), whose bearer token is SCIM_TOKEN. */
export const SCIM_SECURITY = 'scim';
