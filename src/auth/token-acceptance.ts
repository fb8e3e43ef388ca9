import type { AuthSettings } from '../config/app-config.js';

const ENTRA_V2_ISSUER = /^https:\/\/login\.microsoftonline\.com\/([^/]+)\/v2\.0\/?$/i;
const API_URI_AUDIENCE = /^api:\/\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * Entra ID issues v1.0 tokens (issuer `https://sts.windows.net/<tenant>/`) when the app
 * registration's accessTokenAcceptedVersion is 1 or null, so a v2.0 tenant issuer also admits
 * the same tenant's v1.0 issuer.
 */
export function acceptedIssuers(auth: Pick<AuthSettings, 'issuer' | 'audience'>): [string, ...string[]] {
  const tenant = ENTRA_V2_ISSUER.exec(auth.issuer)?.[1];
  return tenant ? [auth.issuer, `https://sts.windows.net/${tenant}/`] : [auth.issuer];
}

/** v2.0 access tokens carry the API's client-id GUID as `aud`, not the `api://` URI. */
export function acceptedAudiences(auth: Pick<AuthSettings, 'issuer' | 'audience'>): [string, ...string[]] {
  const clientId = API_URI_AUDIENCE.exec(auth.audience)?.[1];
  return clientId ? [auth.audience, clientId] : [auth.audience];
}
