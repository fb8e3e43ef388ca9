import { TOKEN_LIFETIME_SECONDS } from './token-signer.js';

/** The token endpoint's answer as Entra ID words it, `ext_expires_in` included (MSAL caches by it). */
export function tokenResponse(accessToken: string, extra: Record<string, string> = {}) {
  return { token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS, ext_expires_in: TOKEN_LIFETIME_SECONDS, access_token: accessToken, ...extra };
}
