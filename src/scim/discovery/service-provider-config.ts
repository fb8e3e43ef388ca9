import { MAX_RESULTS, SCIM_BASE_PATH, SERVICE_PROVIDER_CONFIG_SCHEMA } from '../scim-schemas.js';

/** RFC 7643 §5: what this service provider supports. */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    documentationUri: `${baseUrl}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The secret token configured as SCIM_TOKEN, sent as `Authorization: Bearer <token>`.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}${SCIM_BASE_PATH}/ServiceProviderConfig` },
  };
}
